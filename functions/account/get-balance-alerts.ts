// GET /api/account/{agentId}/balanceAlerts: the agent's low-balance alert and auto-recharge settings,
// and whether the balance is below the alert (the shell's banner). The agent, or staff who view agents.
import { readBalanceAlerts } from '#core/money/balance-alerts.ts';
import { ok, route } from '#platform/http.ts';
import { balanceAlertsDto } from './balance-alerts-dto.ts';

export const getBalanceAlerts = route('account.balanceAlerts', {
  handle: async ({ params }) => ok(balanceAlertsDto(await readBalanceAlerts(params.agentId))),
});
