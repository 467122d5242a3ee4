// The answer shape of the alert-settings calls (shared/api/alert-settings.ts).
import type { AgentAlertSettings } from '#core/alerts/alert-settings.ts';
import type { AlertSettingsDto } from '#shared/api/alert-settings.ts';

export function alertSettingsDto(a: AgentAlertSettings): AlertSettingsDto {
  const s = a.settings;
  return {
    AgentId: a.agentId,
    TimeZone: a.timeZone,
    Email: { Enabled: s.emailEnabled, Events: s.emailEvents, Address: a.email },
    Sms: { Enabled: s.smsEnabled, Events: s.smsEvents, Number: s.smsNumber ?? null, Verified: s.smsVerified, CodeExpiresAt: a.codeExpiresAt ?? null },
    QuietHours: s.quietStart && s.quietEnd ? { Start: s.quietStart, End: s.quietEnd } : null,
    QuietMode: s.quietMode,
  };
}
