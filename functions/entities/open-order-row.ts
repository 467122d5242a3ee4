// The Open Orders report's view (docs/data-model.md §8, "open orders"): one compact row per open fund
// order (Active, buying from a fund, routed to at least one state) with everything the report lists,
// sorts and filters by, kept by the projector from the order's header (views/open-orders-view.ts).
// Rows are spread over OPEN_ORDER_SHARDS partitions so the whole list reads as that many Queries side
// by side, and each shard's version item tells a reader holding the list in memory which shards to
// read again (core/reports/open-orders-snapshot.ts).
import { hashShard } from '#platform/shard.ts';
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';

export const OPEN_ORDER_SHARDS = 16;

/** The shard of an order's row: fixed by the id, so every write of one order goes to one partition. */
export const openOrderShardOf = (orderId: string): number => hashShard(orderId, OPEN_ORDER_SHARDS);

/** Whether an order's header is on the report: Active, buying from a fund, routed to at least one state. */
export const isOpenFundOrder = (o: { status: number; selectedFundIds: readonly string[]; targetStates: readonly string[] }) =>
  o.status === 1 && o.selectedFundIds.length > 0 && o.targetStates.length > 0;

export const OpenOrderRow = defineEntity({
  entity: 'OpenOrderRow',
  version: 1,
  schema: z.object({
    shard: z.number().int().nonnegative(),
    orderId: z.string(),
    agentId: z.string(),
    userFacingOrderId: z.number().int().positive(),
    description: z.string(),
    fundIds: z.array(z.string()),
    states: z.array(z.string()),
    leadCount: z.number().int().nonnegative(),
    lastLeadAt: z.string().optional(),
    createdAt: z.string(),
    lastUpdated: z.string(),
  }),
  /** an open order's row */
  key: (r: { shard: number; orderId: string }) => ({ pk: `OPEN_ORDERS_VIEW#${r.shard}`, sk: `ORDER#${r.orderId}` }),
  queries: {
    /** every row of a shard */
    ofShard: (shard: number) => ({ pk: `OPEN_ORDERS_VIEW#${shard}`, sk: { beginsWith: 'ORDER#' } }),
  },
});
export type OpenOrderRow = z.infer<typeof OpenOrderRow.schema>;

/** A shard's version: raised by the projector after it wrote rows of the shard (once per batch). */
export const OpenOrderShardVersion = defineEntity({
  entity: 'OpenOrderShardVersion',
  version: 1,
  schema: z.object({ shard: z.number().int().nonnegative(), version: z.number().int().nonnegative() }),
  /** a shard's version */
  key: (v: { shard: number }) => ({ pk: `OPEN_ORDERS_VIEW#${v.shard}`, sk: 'VERSION' }),
});
export type OpenOrderShardVersion = z.infer<typeof OpenOrderShardVersion.schema>;
