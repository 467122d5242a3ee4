// POST /api/account/creditDebit: with referenceId 'TEST' the pre-check (opens a hosted-form payment,
// credits nothing); with the provider's transid it credits the payment the provider confirms.
import { canActFor } from '#platform/authorize.ts';
import { Forbidden } from '#platform/errors.ts';
import { ok, route } from '#platform/http.ts';
import { isInDownline } from '#platform/gatekeeper.ts';
import { paymentSettings } from '#core/payments/config.ts';
import { creditCardPayment, prepareCardPayment } from '#core/payments/card-payments.ts';
import { creditDebitSchema, isPrecheck } from '#shared/card.ts';

export const creditDebit = route({
  body: creditDebitSchema,
  async handle({ body, user }) {
    // The manifest checked the permission; whose account the body names is checked here. Paying money
    // into an account is its holder's act, as moving it out is: staff and assistants are refused.
    if (!(await canActFor(user, body.agentId, 'holder', isInDownline))) throw new Forbidden();
    const settings = paymentSettings();
    if (isPrecheck(body)) {
      const hostedForm = await prepareCardPayment(settings, { agentId: body.agentId, amountCents: body.amount, userId: user.userId });
      return ok({ agentId: body.agentId, type: body.type, amount: 0, referenceId: body.referenceId, description: body.description, hostedForm });
    }
    return ok(await creditCardPayment(settings, { agentId: body.agentId, transactionId: body.referenceId, claimedCents: body.amount }));
  },
});
