// The Open Orders report's list held in memory (docs/data-model.md §8, "open orders"): every row of the
// open-orders view, refreshed by shard version (views/held-shards.ts), so a page costs a round trip
// plus in-memory filtering, sorting and slicing. Sized for the report: every open fund order
// (thousands to tens of thousands, a few hundred bytes each).
import { heldShards } from '#core/views/held-shards.ts';
import { OPEN_ORDER_SHARDS, OpenOrderRow, OpenOrderShardVersion } from '#entities/open-order-row.ts';

/** One read of the list: its rows and what is derived from them once (the sorted orders). */
export class OpenOrdersSnapshot {
  readonly rows: readonly OpenOrderRow[];
  private readonly memo = new Map<string, unknown>();

  constructor(rows: readonly OpenOrderRow[]) {
    this.rows = rows;
  }

  /** Computed once per snapshot. */
  derived<T>(name: string, make: () => T): T {
    if (!this.memo.has(name)) this.memo.set(name, make());
    return this.memo.get(name) as T;
  }
}

/** The open orders as of the latest version the projector has raised. */
export const openOrdersSnapshot = heldShards({
  shards: OPEN_ORDER_SHARDS,
  versionKey: (shard) => OpenOrderShardVersion.key({ shard }),
  versionOf: (item) => OpenOrderShardVersion.parse(item),
  readShard: (shard) => OpenOrderRow.query.ofShard(shard).all({ consistent: true }),
  build: (rows: OpenOrderRow[]) => new OpenOrdersSnapshot(rows),
});
