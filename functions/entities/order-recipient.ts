// A recipient with a share of an order (spec part 2 §3 OrderRecipient), as an item only so that "the
// orders an agent receives from" is one index read (terminating or moving the agent flags them). The
// owner is not written (their orders are found by agent); names and zero shares live on the header.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { orderPk } from './order.ts';

export const OrderRecipient = defineEntity({
  entity: 'OrderRecipient',
  version: 1,
  schema: z.object({
    orderId: z.string(),
    /** The recipient. */
    agentId: z.string(),
    /** The order's own agent. */
    ownerId: z.string(),
    percentage: z.number().int().min(1).max(100),
  }),
  /** a recipient of an order */
  key: (r: { orderId: string; agentId: string }) => ({ pk: orderPk(r.orderId), sk: `RECIPIENT#${r.agentId}` }),
  queries: {
    /** the recipient items of an order */
    ofOrder: (orderId: string) => ({ pk: orderPk(orderId), sk: { beginsWith: 'RECIPIENT#' } }),
  },
  indexes: {
    /** orders an agent receives from */
    ordersReceivedBy: {
      index: 'gsi1',
      attributes: ['agentId', 'orderId'],
      key: (r) => ({ pk: `RECIPIENT_ORDERS#${r.agentId}`, sk: r.orderId }),
      query: (agentId: string) => ({ pk: `RECIPIENT_ORDERS#${agentId}` }),
    },
  },
});
export type OrderRecipient = z.infer<typeof OrderRecipient.schema>;
