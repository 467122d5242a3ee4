// A sharded view held in memory per process (the agent directory, the Open Orders list): every read
// first asks the shards' versions (one consistent BatchGet of small items the projector raises once per
// batch) and reads again only the shards whose version moved, so a read costs one round trip plus what
// the caller does in memory, and shows every change the projector has applied. Concurrent reads share
// one refresh. A view may also raise a soft version, for changes a reader may take one read late (the
// candidate rows' sale counters): those shards are read again beside the answer, not before it.
import { batchGet, type ReadAhead } from '#platform/db.ts';
import type { ItemKey } from '#platform/item-key.ts';

type Item = Record<string, unknown>;

export interface HeldShards<Row, Held> {
  shards: number;
  /** The key of a shard's version item, and its versions as read. */
  versionKey: (shard: number) => ItemKey;
  /**
   * `version`: raised for every change of the shard's rows. `soft` (a view that has it): raised instead
   * for a change a reader may take one read late (a sale's counters, which the engine's own sales
   * overlay): a reader whose shards moved only in it answers from what it holds and reads them again
   * beside the answer, for the next read.
   */
  versionOf: (item: Item) => { shard: number; version: number; soft?: number };
  /** Every row of a shard (a consistent read). */
  readShard: (shard: number) => Promise<Row[]>;
  /** What the callers use, made once per refresh from all the rows. */
  build: (rows: Row[]) => Held;
}

/** How a read takes the shards: `ahead`, their versions as read ahead with a request's other reads; `softNow`, a shard that moved softly is read before the answer too. */
export interface HeldRead {
  ahead?: ReadAhead | undefined;
  softNow?: boolean;
}

/** A reader of the view: the held value as of the latest versions the projector has raised. */
export function heldShards<Row, Held>(def: HeldShards<Row, Held>): (read?: HeldRead) => Promise<Held> {
  const all = [...Array(def.shards).keys()];
  let held: { versions: number[]; softs: number[]; shards: Row[][]; value: Held } | undefined;
  let refreshing: { done: Promise<Held>; softNow: boolean } | undefined;
  /** The shards that moved only softly, being read again beside the answers. */
  let behind: Promise<void> | undefined;

  /** Reads the shards again and holds them at the versions read before (a shard a later read took meanwhile, at other versions, is left as that read held it). */
  const reread = async (stale: number[], versions: number[], softs: number[], from: typeof held): Promise<void> => {
    const read = await Promise.all(stale.map(def.readShard));
    const now = held;
    const fresh = stale.filter((shard) => !now || now === from || (now.versions[shard] === from?.versions[shard] && now.softs[shard] === from?.softs[shard]));
    if (now && fresh.length === 0) return;
    const next = { versions: [...(now?.versions ?? all.map(() => -1))], softs: [...(now?.softs ?? all.map(() => -1))], shards: [...(now?.shards ?? all.map((): Row[] => []))] };
    for (const shard of fresh) {
      next.shards[shard] = read[stale.indexOf(shard)]!;
      next.versions[shard] = versions[shard]!;
      next.softs[shard] = softs[shard]!;
    }
    held = { ...next, value: def.build(next.shards.flat()) };
  };

  const refresh = async ({ ahead, softNow }: HeldRead): Promise<Held> => {
    const versions = all.map(() => 0);
    const softs = all.map(() => 0);
    for (const item of await batchGet(all.map(def.versionKey), { consistent: true, ahead })) {
      const v = def.versionOf(item);
      versions[v.shard] = v.version;
      softs[v.shard] = v.soft ?? 0;
    }
    const from = held;
    const hard = from ? all.filter((s) => from.versions[s] !== versions[s]) : all;
    const soft = from ? all.filter((s) => from.versions[s] === versions[s] && from.softs[s] !== softs[s]) : [];
    if (hard.length > 0 || (softNow && soft.length > 0)) await reread([...hard, ...soft], versions, softs, from);
    else if (soft.length > 0 && !behind)
      behind = reread(soft, versions, softs, from)
        .catch(() => undefined)
        .finally(() => {
          behind = undefined;
        });
    return held!.value;
  };

  // A read that wants soft moves now does not share a refresh that leaves them behind: it follows it.
  return (read = {}) => {
    const shared = refreshing;
    if (shared && (shared.softNow || !read.softNow)) return shared.done;
    const done: Promise<Held> = (shared ? shared.done.catch(() => undefined).then(() => refresh(read)) : refresh(read)).finally(() => {
      if (refreshing?.done === done) refreshing = undefined;
    });
    refreshing = { done, softNow: !!read.softNow };
    return done;
  };
}

/**
 * The writing side: a view notes each shard it wrote a row in (after the write), and after the batch
 * raises each noted shard's version once (a shard may be any key: a number, a day): its soft version
 * when every note of the batch for it was soft (`wrote(shard, true)`), else its version. A process's
 * projector batches share the notes: a raise for another batch's rows is harmless, and a failed raise
 * keeps its shards for the next batch.
 */
export function shardVersionRaiser<Shard = number>(raise: (shard: Shard, soft: boolean) => Promise<void>) {
  /** Each noted shard, and whether all its notes were soft. */
  const written = new Map<Shard, boolean>();
  const note = (shard: Shard, soft: boolean) => written.set(shard, soft && (written.get(shard) ?? true));
  return {
    wrote(shard: Shard, soft = false): void {
      note(shard, soft);
    },
    async afterBatch(): Promise<void> {
      const shards = [...written];
      written.clear();
      try {
        await Promise.all(shards.map(([shard, soft]) => raise(shard, soft)));
      } catch (err) {
        for (const [shard, soft] of shards) note(shard, soft);
        throw err;
      }
    },
  };
}
