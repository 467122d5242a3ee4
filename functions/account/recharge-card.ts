// Saving the card auto-recharge charges: POST .../balanceAlerts/cardForm opens the provider's form for a
// top-up that also saves the card (an issued order, like Add Lead Money's pre-check), and POST
// .../balanceAlerts/card, with the provider's transaction id, credits that top-up once and keeps the
// provider's token for the card. The holder's acts only (manifest).
import { openRechargeCardForm, saveRechargeCard } from '#core/money/balance-alerts.ts';
import { paymentSettings } from '#core/money/payments/config.ts';
import { ok, route } from '#platform/http.ts';
import { centsToDollars } from '#shared/money.ts';
import { balanceAlertsDto } from './balance-alerts-dto.ts';

export const rechargeCardForm = route('account.rechargeCardForm', {
  handle: async ({ params, body, user }) => {
    const form = await openRechargeCardForm(paymentSettings(), { agentId: params.agentId, userId: user.userId, amountCents: body.Amount });
    return ok({ Url: form.url, OrderId: form.orderId, Amount: centsToDollars(form.amountCents) });
  },
});

export const saveRechargeCardRoute = route('account.saveRechargeCard', {
  handle: async ({ params, body, user }) =>
    ok(balanceAlertsDto(await saveRechargeCard(paymentSettings(), { agentId: params.agentId, userId: user.userId, transactionId: body.TransactionId }))),
});
