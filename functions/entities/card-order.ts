// A card payment the pre-check issued (order id, provider session, agent, amount): a credit is
// accepted only for one of these, for that agent and amount; kept a while by TTL.
import { z } from 'zod';
import { CARD_MAX_CENTS, CARD_MIN_CENTS } from '#shared/card.ts';
import { defineEntity } from '#platform/entity.ts';

export const CardOrder = defineEntity({
  entity: 'CardOrder',
  version: 1,
  schema: z.object({
    orderId: z.string(),
    sessionId: z.string(),
    agentId: z.string(),
    amountCents: z.number().int().min(CARD_MIN_CENTS).max(CARD_MAX_CENTS),
    /** The portal user who opened the form. */
    userId: z.string(),
    createdAt: z.string(),
    ttl: z.number().int(),
  }),
  /** card order by the order id the pre-check issued */
  key: (o: { orderId: string }) => ({ pk: `CARDORDER#${o.orderId}`, sk: 'CARDORDER' }),
});
export type CardOrder = z.infer<typeof CardOrder.schema>;
