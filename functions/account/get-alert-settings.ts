// GET /api/account/{agentId}/alertSettings: the agent's e-mail and SMS alert settings (issue 23), with
// the defaults before any were saved. The agent, or staff who view agents.
import { readAlertSettings } from '#core/alerts/alert-settings.ts';
import { ok, route } from '#platform/http.ts';
import { alertSettingsDto } from './alert-settings-dto.ts';

export const getAlertSettings = route('account.alertSettings', {
  handle: async ({ params }) => ok(alertSettingsDto(await readAlertSettings(params.agentId))),
});
