// PATCH /api/account/{agentId}/alertSettings: the channels, their events, quiet hours and what happens
// in them; only what the body names changes. The manifest's 'holder' rule lets only the agent call it:
// where an agent is texted or mailed is theirs to say.
import { updateAlertSettings } from '#core/alerts/alert-settings.ts';
import { ok, route } from '#platform/http.ts';
import { alertSettingsDto } from './alert-settings-dto.ts';

export const updateAlertSettingsRoute = route('account.updateAlertSettings', {
  handle: async ({ params, body, user }) => ok(alertSettingsDto(await updateAlertSettings({ agentId: params.agentId, userId: user.userId, patch: body }))),
});
