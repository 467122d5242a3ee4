// POST /api/account/creditDebit: with referenceId 'TEST' the pre-check (opens a hosted-form payment,
// credits nothing); with the provider's transid it credits the payment the provider confirms.
import { ok, route } from '#platform/http.ts';
import { paymentSettings } from '#core/payments/config.ts';
import { creditCardPayment, prepareCardPayment } from '#core/payments/card-payments.ts';
import { isPrecheck } from '#shared/card.ts';

// The manifest's ownership rule names the body's agentId: only an account the caller may act for.
export const creditDebit = route('account.creditDebit', {
  async handle({ body }) {
    const settings = paymentSettings();
    if (isPrecheck(body)) {
      const hostedForm = await prepareCardPayment(settings, { agentId: body.agentId, amountCents: body.amount });
      return ok({ agentId: body.agentId, type: body.type, amount: 0, referenceId: body.referenceId, description: body.description, hostedForm });
    }
    return ok(await creditCardPayment(settings, { agentId: body.agentId, transactionId: body.referenceId, claimedCents: body.amount }));
  },
});
