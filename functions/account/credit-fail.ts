// POST /api/account/creditfail: the browser reports a card failure (the provider's error text), which
// is logged without personal data and kept for support.
import { canActFor } from '#platform/authorize.ts';
import { Forbidden } from '#platform/errors.ts';
import { created, route } from '#platform/http.ts';
import { isInDownline } from '#platform/gatekeeper.ts';
import { recordCardFailure } from '#core/payments/card-failures.ts';
import { creditFailSchema } from '#shared/card.ts';

export const creditFail = route({
  body: creditFailSchema,
  async handle({ body, user }) {
    if (!(await canActFor(user, body.agentId, 'self', isInDownline))) throw new Forbidden();
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
