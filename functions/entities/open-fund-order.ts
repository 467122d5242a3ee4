// The Open Orders report's list of every Active fund order, one item per order whatever its states
// (#91a): by agent on the table's key, by created, last update and order number on indexes, so a page
// of "all states" reads only up to itself. Written in the same transaction as the order's routing
// targets (core/orders/save-order.ts, order-status.ts): present exactly while the order is an Active
// fund order, with the header's values as of that write.
import { z } from 'zod';
import { queryPage, type TxItem } from '#platform/db.ts';
import { defineEntity } from '#platform/entity.ts';
import { pad } from '#platform/keys.ts';
import { isOpenFundOrder } from './order.ts';

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
  if (!isOpenFundOrder(o)) return undefined;
  return { orderId: o.orderId, agentId: o.agentId, fundIds: o.selectedFundIds, userFacingOrderId: o.userFacingOrderId, description: o.description, createdAt: o.createdAt, lastUpdated: o.lastUpdated };
}

/**
 * How many orders the list holds, in all, per fund and per agent bucket (#91a): the report's
 * TotalCount, its choice of reading a page from the nearer end, and (by agent) the bucket a page
 * starts in, so it skips at most one bucket's keys. Eight shards, an order always in the same one (by
 * its id), so two orders saved at the same moment rarely meet on one item; each holds `all`,
 * `f_{fundId}` counts and one count per bucket of each sorted read (`a_`, `c_`, `u_`, `n_` + the
 * bucket), ADDed in the transaction that puts or deletes the list item.
 */
export const OPEN_FUND_ORDER_COUNT_SHARDS = 8;
const COUNT_PK = 'OPEN_FUND_ORDERS_COUNT';

function shardOf(orderId: string): number {
  let h = 0;
  for (let i = 0; i < orderId.length; i++) h = (h * 31 + orderId.charCodeAt(i)) >>> 0;
  return h % OPEN_FUND_ORDER_COUNT_SHARDS;
}

export const openFundOrderCountKey = (shard: number) => ({ pk: COUNT_PK, sk: `SHARD#${shard}` });

/**
 * The buckets of each sorted read: the first characters of the item's sort key there (equal length,
 * so buckets sort as their items): five of agent and order id, the day of the created or last
 * update time, the hundreds of the order number.
 */
export const OPEN_FUND_ORDER_BUCKETS = {
  AgentId: { prefix: 'a_', of: (o: OpenFundOrder) => `${o.agentId}#${o.orderId}`.slice(0, 5) },
  Created: { prefix: 'c_', of: (o: OpenFundOrder) => o.createdAt.slice(0, 10) },
  LastUpdated: { prefix: 'u_', of: (o: OpenFundOrder) => o.lastUpdated.slice(0, 10) },
  UserFacingOrderId: { prefix: 'n_', of: (o: OpenFundOrder) => pad(o.userFacingOrderId, 12).slice(0, 10) },
} as const;
export type OpenFundOrderBucketed = keyof typeof OPEN_FUND_ORDER_BUCKETS;
const bucketAttrs = (o: OpenFundOrder) => Object.values(OPEN_FUND_ORDER_BUCKETS).map((b) => `${b.prefix}${b.of(o)}`);

/** The count changes between an order's list item before and after a write (none when both agree). */
export function openFundOrderCountTx(orderId: string, before: OpenFundOrder | undefined, after: OpenFundOrder | undefined): TxItem | undefined {
  const deltas = new Map<string, number>();
  const add = (attr: string, d: number) => deltas.set(attr, (deltas.get(attr) ?? 0) + d);
  for (const [item, d] of [[before, -1], [after, 1]] as const) {
    if (!item) continue;
    add('all', d);
    for (const attr of bucketAttrs(item)) add(attr, d);
    for (const f of new Set(item.fundIds)) add(`f_${f}`, d);
  }
  const changed = [...deltas].filter(([, d]) => d !== 0);
  if (changed.length === 0) return undefined;
  const names: Record<string, string> = { '#entity': 'entity', '#v': 'schemaVersion' };
  const values: Record<string, unknown> = { ':entity': 'OpenFundOrderCount', ':v': 1 };
  changed.forEach(([attr, d], i) => {
    names[`#c${i}`] = attr;
    values[`:c${i}`] = d;
  });
  return {
    kind: 'update',
    key: openFundOrderCountKey(shardOf(orderId)),
    update: { expression: `SET #entity = :entity, #v = :v ADD ${changed.map((_, i) => `#c${i} :c${i}`).join(', ')}`, names, values },
  };
}

/** The shard items as the seed and benches write them, from the list items. */
export function openFundOrderCountItems(listed: readonly OpenFundOrder[]): Record<string, unknown>[] {
  const shards = Array.from({ length: OPEN_FUND_ORDER_COUNT_SHARDS }, (_, i) => ({ ...openFundOrderCountKey(i), entity: 'OpenFundOrderCount', schemaVersion: 1, all: 0 }) as Record<string, unknown> & { all: number });
  for (const o of listed) {
    const shard = shards[shardOf(o.orderId)]!;
    shard.all++;
    for (const attr of bucketAttrs(o)) shard[attr] = ((shard[attr] as number | undefined) ?? 0) + 1;
    for (const f of new Set(o.fundIds)) shard[`f_${f}`] = ((shard[`f_${f}`] as number | undefined) ?? 0) + 1;
  }
  return shards;
}

export interface OpenFundOrderCounts {
  /** In all (no fund) or of one fund. */
  total: number;
  /** Orders per bucket of the asked sort, buckets in key order (every fund only). */
  buckets: [string, number][];
}

/** The list's counts in all (no fund) or of one fund: one Query of the shards; the buckets of a sort the shards count. */
export async function openFundOrderCounts(fundId: string | undefined, sort: OpenFundOrderBucketed | undefined): Promise<OpenFundOrderCounts> {
  const prefix = sort && OPEN_FUND_ORDER_BUCKETS[sort].prefix;
  const attr = fundId ? `f_${fundId}` : 'all';
  const shards = (await queryPage({ pk: COUNT_PK, limit: OPEN_FUND_ORDER_COUNT_SHARDS * 2 })).items;
  const total = shards.reduce((sum, s) => sum + (typeof s[attr] === 'number' ? (s[attr] as number) : 0), 0);
  const buckets = new Map<string, number>();
  if (!fundId && prefix)
    for (const s of shards)
      for (const [name, n] of Object.entries(s)) if (name.startsWith(prefix) && typeof n === 'number' && n > 0) buckets.set(name.slice(2), (buckets.get(name.slice(2)) ?? 0) + n);
  return { total, buckets: [...buckets].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) };
}
