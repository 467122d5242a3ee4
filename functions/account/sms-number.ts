// The mobile number of text alerts: PUT .../alertSettings/smsNumber stores a new number unverified and
// texts it a 6-digit code; POST .../smsNumber/verify with that code proves it and turns text alerts on.
// The agent only (the manifest's 'holder' rule).
import { setSmsNumber, verifySmsNumber } from '#core/alerts/alert-settings.ts';
import { ok, route } from '#platform/http.ts';
import { smsSenderFromEnv } from '#platform/sms.ts';
import { alertSettingsDto } from './alert-settings-dto.ts';

export const setSmsNumberRoute = route('account.setSmsNumber', {
  handle: async ({ params, body, user }) =>
    ok(alertSettingsDto(await setSmsNumber({ agentId: params.agentId, userId: user.userId, number: body.PhoneNumber, sms: smsSenderFromEnv() }))),
});

export const verifySmsNumberRoute = route('account.verifySmsNumber', {
  handle: async ({ params, body, user }) => ok(alertSettingsDto(await verifySmsNumber({ agentId: params.agentId, userId: user.userId, code: body.Code }))),
});
