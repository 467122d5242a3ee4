// POST /api/account/creditfail: the browser reports a card failure (the provider's error text), which
// is logged without personal data and kept for support.
import { created, route } from '#platform/http.ts';
import { recordCardFailure } from '#core/money/payments/card-failures.ts';

export const creditFail = route('account.creditFail', {
  async handle({ body, user }) {
    const failure = await recordCardFailure({
      agentId: body.agentId,
      userId: user.userId,
      error: body.error,
      referenceId: body.referenceId,
      amountCents: body.amount,
    });
    return created({ failureId: failure.failureId });
  },
});
