// Status history (spec part 2 §3 Status history entry): one row per status change (and the create),
// written in the same transaction as the change.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { orderPk } from './order.ts';

export const OrderStatusHistory = defineEntity({
  entity: 'OrderStatusHistory',
  version: 1,
  schema: z.object({
    orderId: z.string(),
    statusHistoryId: z.string(),
    updateDate: z.string(),
    /** E-mail of who changed it. */
    userName: z.string(),
    /** Paused, Active or Cancelled; empty for the create. */
    previousState: z.string(),
    newStatus: z.string(),
    description: z.string(),
  }),
  key: (h: { orderId: string; updateDate: string; statusHistoryId: string }) => ({ pk: orderPk(h.orderId), sk: `STATUSHIST#${h.updateDate}#${h.statusHistoryId}` }),
  queries: {
    /** an order's status history; read newest first */
    ofOrder: (orderId: string) => ({ pk: orderPk(orderId), sk: { beginsWith: 'STATUSHIST#' } }),
  },
});
export type OrderStatusHistory = z.infer<typeof OrderStatusHistory.schema>;
