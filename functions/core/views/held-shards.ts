// A sharded view held in memory per process (the agent directory, the Open Orders list): every read
// first asks the shards' versions (one consistent BatchGet of small items the projector raises once per
// batch) and reads again only the shards whose version moved, so a read costs one round trip plus what
// the caller does in memory, and shows every change the projector has applied. Concurrent reads share
// one refresh.
import { batchGet, type ReadAhead } from '#platform/db.ts';
import type { ItemKey } from '#platform/item-key.ts';

type Item = Record<string, unknown>;

export interface HeldShards<Row, Held> {
  shards: number;
  /** The key of a shard's version item, and its version as read. */
  versionKey: (shard: number) => ItemKey;
  versionOf: (item: Item) => { shard: number; version: number };
  /** Every row of a shard (a consistent read). */
  readShard: (shard: number) => Promise<Row[]>;
  /** What the callers use, made once per refresh from all the rows. */
  build: (rows: Row[]) => Held;
}

/** A reader of the view: the held value as of the latest versions the projector has raised (`ahead`: the versions as read ahead with a request's other reads). */
export function heldShards<Row, Held>(def: HeldShards<Row, Held>): (ahead?: ReadAhead) => Promise<Held> {
  const all = [...Array(def.shards).keys()];
  let held: { versions: number[]; shards: Row[][]; value: Held } | undefined;
  let refreshing: Promise<Held> | undefined;

  const refresh = async (ahead: ReadAhead | undefined): Promise<Held> => {
    const versions = all.map(() => 0);
    for (const item of await batchGet(all.map(def.versionKey), { consistent: true, ahead })) {
      const v = def.versionOf(item);
      versions[v.shard] = v.version;
    }
    const stale = held ? all.filter((s) => held!.versions[s] !== versions[s]) : all;
    if (held && stale.length === 0) return held.value;
    const read = await Promise.all(stale.map(def.readShard));
    const shards = held ? [...held.shards] : all.map((): Row[] => []);
    stale.forEach((shard, i) => {
      shards[shard] = read[i]!;
    });
    held = { versions, shards, value: def.build(shards.flat()) };
    return held.value;
  };

  return (ahead) => {
    refreshing ??= refresh(ahead).finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  };
}

/**
 * The writing side: a view notes each shard it wrote a row in (after the write), and after the batch
 * raises each noted shard's version once (a shard may be any key: a number, a day). A process's projector batches share the notes: a raise for
 * another batch's rows is harmless, and a failed raise keeps its shards for the next batch.
 */
export function shardVersionRaiser<Shard = number>(raise: (shard: Shard) => Promise<void>) {
  const written = new Set<Shard>();
  return {
    wrote(shard: Shard): void {
      written.add(shard);
    },
    async afterBatch(): Promise<void> {
      const shards = [...written];
      written.clear();
      try {
        await Promise.all(shards.map(raise));
      } catch (err) {
        for (const shard of shards) written.add(shard);
        throw err;
      }
    },
  };
}
