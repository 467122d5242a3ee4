// The answer shape of the balance-alert calls (shared/api/balance-alerts.ts), money in dollars.
import type { BalanceAlertSettings } from '#core/money/balance-alerts.ts';
import { AUTO_RECHARGE_DAILY_CAP, type BalanceAlertsDto } from '#shared/api/balance-alerts.ts';
import { centsToDollars } from '#shared/money.ts';

export function balanceAlertsDto(s: BalanceAlertSettings): BalanceAlertsDto {
  const recharge = s.autoRecharge;
  return {
    AgentId: s.agentId,
    Balance: centsToDollars(s.balanceCents),
    LowBalanceAlert: s.lowBalanceAlertCents === undefined ? null : centsToDollars(s.lowBalanceAlertCents),
    Below: s.lowBalanceAlertCents !== undefined && s.balanceCents < s.lowBalanceAlertCents,
    AutoRecharge: recharge
      ? {
          Enabled: recharge.enabled,
          Threshold: centsToDollars(recharge.belowCents),
          Amount: centsToDollars(recharge.amountCents),
          DisabledReason: recharge.disabledReason ?? null,
        }
      : null,
    Card: recharge?.cardToken ? { Last4: recharge.cardLast4 ?? null } : null,
    RechargesPerDay: AUTO_RECHARGE_DAILY_CAP,
  };
}
