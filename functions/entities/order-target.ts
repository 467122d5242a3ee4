// What the lead engine matches a lead against (data-model §2.3 OrderTarget): one item per state an
// order covers, with the funds (or campaign-vendor pairs) it buys from and the zips it takes there
// (none = the whole state). In the open-orders index only while the order is Active (sparse).
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { orderPk } from './order.ts';

export const OrderTarget = defineEntity({
  entity: 'OrderTarget',
  version: 1,
  schema: z.object({
    orderId: z.string(),
    agentId: z.string(),
    state: z.string(),
    /** Fund orders: the funds. */
    fundIds: z.array(z.string()),
    /** Campaign orders: `{campaignId}#{vendorId}` pairs. */
    campaignVendors: z.array(z.string()),
    /** The zips taken in this state; empty = every zip of the state (states-only mode). */
    zips: z.array(z.string()),
    /** The order is Active: the target is in the open-orders index. */
    active: z.boolean(),
    /**
     * The header's revision this target was written at (a save and a status change write both): a
     * sale conditions the header on it, so the geography it matched is still the order's. Targets
     * written before carry none; their sale checks the target itself.
     */
    revision: z.number().int().min(1).optional(),
  }),
  /** the target of an order in a state */
  key: (t: { orderId: string; state: string }) => ({ pk: orderPk(t.orderId), sk: `TARGET#${t.state}` }),
  queries: {
    ofOrder: (orderId: string) => ({ pk: orderPk(orderId), sk: { beginsWith: 'TARGET#' } }),
  },
  indexes: {
    /** open (Active) orders in a state, for the lead engine and the Open Orders report; sparse */
    openInState: {
      index: 'gsi3',
      attributes: ['active', 'state', 'agentId', 'orderId'],
      when: (t) => t.active,
      key: (t) => ({ pk: `OPEN_ORDERS#${t.state}`, sk: `${t.agentId}#${t.orderId}` }),
      query: (state: string) => ({ pk: `OPEN_ORDERS#${state}` }),
    },
  },
});
export type OrderTarget = z.infer<typeof OrderTarget.schema>;
