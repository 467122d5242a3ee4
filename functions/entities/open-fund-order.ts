// The Open Orders report's list of every Active fund order, one item per order whatever its states
// (#91a): by agent on the table's key, by created, last update and order number on indexes, so a page
// of "all states" reads only up to itself. Written in the same transaction as the order's routing
// targets (core/orders/save-order.ts, order-status.ts): present exactly while the order is an Active
// fund order, with the header's values as of that write.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { pad } from '#platform/keys.ts';

const PK = 'OPEN_FUND_ORDERS';

export const OpenFundOrder = defineEntity({
  entity: 'OpenFundOrder',
  version: 1,
  schema: z.object({
    orderId: z.string(),
    agentId: z.string(),
    fundIds: z.array(z.string()),
    userFacingOrderId: z.number().int().positive(),
    /** The order name (the OrderName sort reads it from here). */
    description: z.string(),
    createdAt: z.string(),
    lastUpdated: z.string(),
  }),
  /** an open fund order, by agent and order id */
  key: (o: { agentId: string; orderId: string }) => ({ pk: PK, sk: `${o.agentId}#${o.orderId}` }),
  queries: {
    /** every open fund order by agent, then order id */
    byAgent: () => ({ pk: PK }),
  },
  indexes: {
    /** every open fund order by created time, then agent and order id */
    byCreated: {
      index: 'gsi1',
      attributes: ['createdAt', 'agentId', 'orderId'],
      key: (o) => ({ pk: `${PK}#CREATED`, sk: `${o.createdAt}#${o.agentId}#${o.orderId}` }),
      query: () => ({ pk: `${PK}#CREATED` }),
    },
    /** every open fund order by last update, then agent and order id */
    byLastUpdated: {
      index: 'gsi2',
      attributes: ['lastUpdated', 'agentId', 'orderId'],
      key: (o) => ({ pk: `${PK}#UPDATED`, sk: `${o.lastUpdated}#${o.agentId}#${o.orderId}` }),
      query: () => ({ pk: `${PK}#UPDATED` }),
    },
    /** every open fund order by its user-facing number */
    byOrderNumber: {
      index: 'gsi3',
      attributes: ['userFacingOrderId', 'orderId'],
      key: (o) => ({ pk: `${PK}#NUMBER`, sk: `${pad(o.userFacingOrderId, 12)}#${o.orderId}` }),
      query: () => ({ pk: `${PK}#NUMBER` }),
    },
  },
});
export type OpenFundOrder = z.infer<typeof OpenFundOrder.schema>;

/** The list item of an order's header, while it is an Active fund order. */
export function openFundOrderOf(o: {
  orderId: string;
  agentId: string;
  selectedFundIds: string[];
  targetStates: string[];
  userFacingOrderId: number;
  description: string;
  createdAt: string;
  lastUpdated: string;
  status: number;
}): OpenFundOrder | undefined {
  // As the open-orders index sees it: Active, buying from a fund, routed to at least one state.
  if (o.status !== 1 || o.selectedFundIds.length === 0 || o.targetStates.length === 0) return undefined;
  return { orderId: o.orderId, agentId: o.agentId, fundIds: o.selectedFundIds, userFacingOrderId: o.userFacingOrderId, description: o.description, createdAt: o.createdAt, lastUpdated: o.lastUpdated };
}
