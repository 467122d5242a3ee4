// Modification history (spec part 2 §3 Order history entry): a snapshot of the order written in the
// transaction of every save.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { orderPk } from './order.ts';

export const OrderHistory = defineEntity({
  entity: 'OrderHistory',
  version: 1,
  schema: z.object({
    orderId: z.string(),
    historyId: z.string(),
    lastUpdated: z.string(),
    /** Paused, Active or Cancelled. */
    status: z.string(),
    modifiedBy: z.string(),
    /** The order's agent, "First Last (id)". */
    primary: z.string(),
    description: z.string(),
    maxPerHour: z.number().int(),
    maxPerDay: z.number().int(),
    maxPerWeek: z.number().int(),
    maxPerMonth: z.number().int(),
    /** Fund names (fund orders) and "Campaign (Vendor, ...)" texts (campaign orders), as they were. */
    funds: z.array(z.string()),
    campaigns: z.array(z.string()),
    zipCodes: z.array(z.string()),
    states: z.array(z.string()),
  }),
  key: (h: { orderId: string; lastUpdated: string; historyId: string }) => ({ pk: orderPk(h.orderId), sk: `HISTORY#${h.lastUpdated}#${h.historyId}` }),
  queries: {
    /** an order's modification history; read newest first */
    ofOrder: (orderId: string) => ({ pk: orderPk(orderId), sk: { beginsWith: 'HISTORY#' } }),
  },
});
export type OrderHistory = z.infer<typeof OrderHistory.schema>;
