// The Open Orders report's list held in memory (docs/data-model.md §8, "open orders"): every row of the
// open-orders view, read from its shards and kept per process. Each read first asks the shards'
// versions (one consistent BatchGet of OPEN_ORDER_SHARDS small items) and reads again only the shards
// whose version moved, so a page costs a round trip plus in-memory filtering, sorting and slicing, and
// shows every change the projector has applied. Concurrent reads share one refresh. Sized for the
// report: every open fund order (thousands to tens of thousands, a few hundred bytes each).
import { batchGet } from '#platform/db.ts';
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

interface Held {
  versions: number[];
  shards: OpenOrderRow[][];
  snapshot: OpenOrdersSnapshot;
}

let held: Held | undefined;
let refreshing: Promise<OpenOrdersSnapshot> | undefined;

/** The open orders as of the latest version the projector has raised. */
export function openOrdersSnapshot(): Promise<OpenOrdersSnapshot> {
  refreshing ??= refresh().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

/** Forgets what this process holds (tests that replace the table under a running process). */
export function forgetOpenOrdersSnapshot(): void {
  held = undefined;
}

async function refresh(): Promise<OpenOrdersSnapshot> {
  const shards = [...Array(OPEN_ORDER_SHARDS).keys()];
  const found = await batchGet(
    shards.map((shard) => OpenOrderShardVersion.key({ shard })),
    { consistent: true },
  );
  const versions = shards.map(() => 0);
  for (const item of found) {
    const v = OpenOrderShardVersion.parse(item);
    versions[v.shard] = v.version;
  }
  const stale = held ? shards.filter((s) => held!.versions[s] !== versions[s]) : shards;
  if (held && stale.length === 0) return held.snapshot;
  const read = await Promise.all(stale.map((shard) => OpenOrderRow.query.ofShard(shard).all({ consistent: true })));
  const rows = held ? [...held.shards] : shards.map((): OpenOrderRow[] => []);
  stale.forEach((shard, i) => {
    rows[shard] = read[i]!;
  });
  held = { versions, shards: rows, snapshot: new OpenOrdersSnapshot(rows.flat()) };
  return held.snapshot;
}
