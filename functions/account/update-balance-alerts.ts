// PUT /api/account/{agentId}/balanceAlerts: set the low-balance alert and auto-recharge. The manifest's
// 'holder' rule lets only the account's own agent call it: auto-recharge charges the agent's card, and
// staff may view these settings but not set them.
import { setBalanceAlerts } from '#core/money/balance-alerts.ts';
import { ok, route } from '#platform/http.ts';
import { balanceAlertsDto } from './balance-alerts-dto.ts';

export const updateBalanceAlerts = route('account.updateBalanceAlerts', {
  handle: async ({ params, body, user }) => {
    const recharge = body.AutoRecharge;
    const saved = await setBalanceAlerts({
      agentId: params.agentId,
      userId: user.userId,
      lowBalanceAlertCents: body.LowBalanceAlert,
      autoRecharge: recharge ? { enabled: recharge.Enabled, belowCents: recharge.Threshold, amountCents: recharge.Amount } : null,
    });
    return ok(balanceAlertsDto(saved));
  },
});
