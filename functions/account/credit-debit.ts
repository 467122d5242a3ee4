// POST /api/account/creditDebit: with referenceId 'TEST' the pre-check (opens a hosted-form payment,
// credits nothing); with the provider's transid it credits the payment the provider confirms.
import { ok, route } from '#platform/http.ts';
import { paymentSettings } from '#core/money/payments/config.ts';
import { creditCardPayment, prepareCardPayment } from '#core/money/payments/card-payments.ts';
import { isPrecheck } from '#shared/card.ts';

// The manifest's ownership rule names the body's agentId and is 'holder': paying money into an
// account is its holder's act, as moving it out is; staff and assistants are refused.
export const creditDebit = route('account.creditDebit', {
  async handle({ body, user }) {
    const settings = paymentSettings();
    if (isPrecheck(body)) {
      const hostedForm = await prepareCardPayment(settings, { agentId: body.agentId, amountCents: body.amount, userId: user.userId });
      return ok({ agentId: body.agentId, type: body.type, amount: 0, referenceId: body.referenceId, description: body.description, hostedForm });
    }
    return ok(await creditCardPayment(settings, { agentId: body.agentId, transactionId: body.referenceId, claimedCents: body.amount }));
  },
});
