// A sharded view held in memory per process (the agent directory, the Open Orders list): every read
// first asks the shards' versions (one consistent BatchGet of small items the projector raises once per
// batch) and reads again only the shards whose version moved, so a read costs one round trip plus what
// the caller does in memory, and shows every change the projector has applied. Concurrent reads share
// one refresh. A view may also raise a soft version, for changes a reader may take one read late (the
// candidate rows' sale counters): those shards are read again beside the answer, not before it.
import { batchGet, type ReadAhead } from '#platform/db.ts';
import type { ItemKey } from '#platform/item-key.ts';
import { onForget } from '#platform/held.ts';

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
  versionOf: (item: Item) => { shard: number; version: number; soft?: number; changes?: readonly ShardChange[] };
  /** Every row of a shard (a consistent read); `behind`: read beside the answers, where its time costs nobody a wait. */
  readShard: (shard: number, behind: boolean) => Promise<Row[]>;
  /**
   * A view whose version items name the rows each raise changed (`changes`): a reader holding a shard
   * at an earlier sum of its versions whose every later raise is named reads just those rows (`read`,
   * one consistent read of them all, across shards; a row not found is gone).
   */
  rows?: { id: (row: Row) => string; read: (ids: readonly { shard: number; id: string }[]) => Promise<Row[]> };
  /** What the callers use, made once per refresh from all the rows. */
  build: (rows: Row[]) => Held;
}

/** The rows one raise of a shard's versions changed, by the sum of both after it (`orders` absent: too many to name). */
export interface ShardChange {
  n: number;
  orders?: readonly string[] | undefined;
}

/**
 * How a read takes the shards: `ahead`, their versions as read ahead with a request's other reads;
 * `softNow`, a shard that moved softly is read before the answer too; `wholeLate`, a shard that must be
 * read whole (a raise it missed is no longer named) is read beside the answer instead, which comes from
 * the rows held (a reader that holds none reads it first): answers are then as stale as the held rows
 * until that read (after the process's other reads beside answers: `readShard`'s `behind`) is back.
 */
export interface HeldRead {
  ahead?: ReadAhead | undefined;
  softNow?: boolean;
  wholeLate?: boolean;
}

/** The shards' versions as one read found them. */
interface Seen {
  versions: number[];
  softs: number[];
  changes: (readonly ShardChange[])[];
}

/** A reader of the view: the held value as of the latest versions the projector has raised. */
export function heldShards<Row, Held>(def: HeldShards<Row, Held>): (read?: HeldRead) => Promise<Held> {
  const all = [...Array(def.shards).keys()];
  let held: { versions: number[]; softs: number[]; shards: Row[][]; value: Held } | undefined;
  let refreshing: { done: Promise<Held>; softNow: boolean; wholeLate: boolean } | undefined;
  /** The shards that moved only softly, being read again beside the answers. */
  let behind: Promise<void> | undefined;
  onForget(() => {
    held = undefined;
    refreshing = undefined;
    behind = undefined;
  });

  /** The rows a shard held at `from` must read to reach `to` (its every raise between named), or undefined: the whole shard. */
  const changedRows = (shard: number, from: typeof held, to: Seen): string[] | undefined => {
    if (!def.rows || !from || from.versions[shard]! < 0 || to.versions[shard]! < from.versions[shard]! || to.softs[shard]! < from.softs[shard]!) return undefined;
    const [since, until] = [from.versions[shard]! + from.softs[shard]!, to.versions[shard]! + to.softs[shard]!];
    const named = new Map((to.changes[shard] ?? []).map((c) => [c.n, c.orders]));
    const ids = new Set<string>();
    for (let n = since + 1; n <= until; n++) {
      const orders = named.get(n);
      if (!orders) return undefined;
      orders.forEach((id) => ids.add(id));
    }
    return [...ids];
  };

  /** Reads the shards again (or their changed rows) and holds them at the versions read before (a shard a later read took meanwhile, at other versions, is left as that read held it). */
  const reread = async (stale: number[], seen: Seen, from: typeof held, behind = false): Promise<void> => {
    const plans = stale.map((shard) => ({ shard, ids: changedRows(shard, from, seen) }));
    const partial = plans.flatMap((p) => (p.ids ?? []).map((id) => ({ shard: p.shard, id })));
    const [whole, rows] = await Promise.all([Promise.all(plans.map((p) => (p.ids ? undefined : def.readShard(p.shard, behind)))), partial.length ? def.rows!.read(partial) : []]);
    const now = held;
    const fresh = stale.filter((shard) => !now || now === from || (now.versions[shard] === from?.versions[shard] && now.softs[shard] === from?.softs[shard]));
    if (now && fresh.length === 0) return;
    const next = { versions: [...(now?.versions ?? all.map(() => -1))], softs: [...(now?.softs ?? all.map(() => -1))], shards: [...(now?.shards ?? all.map((): Row[] => []))] };
    const found = new Map(rows.map((row) => [def.rows!.id(row), row]));
    for (const shard of fresh) {
      const plan = plans[stale.indexOf(shard)]!;
      if (plan.ids) {
        // The rows named replace those held (or go, when not found); the others stay as they were.
        const ids = new Set(plan.ids);
        next.shards[shard] = [...next.shards[shard]!.filter((row) => !ids.has(def.rows!.id(row))), ...plan.ids.flatMap((id) => found.get(id) ?? [])];
      } else next.shards[shard] = whole[stale.indexOf(shard)]!;
      next.versions[shard] = seen.versions[shard]!;
      next.softs[shard] = seen.softs[shard]!;
    }
    held = { ...next, value: def.build(next.shards.flat()) };
  };

  const refresh = async ({ ahead, softNow, wholeLate }: HeldRead): Promise<Held> => {
    const seen: Seen = { versions: all.map(() => 0), softs: all.map(() => 0), changes: all.map(() => []) };
    for (const item of await batchGet(all.map(def.versionKey), { consistent: true, ahead })) {
      const v = def.versionOf(item);
      seen.versions[v.shard] = v.version;
      seen.softs[v.shard] = v.soft ?? 0;
      seen.changes[v.shard] = v.changes ?? [];
    }
    const { versions, softs } = seen;
    const from = held;
    const hard = from ? all.filter((s) => from.versions[s] !== versions[s]) : all;
    const soft = from ? all.filter((s) => from.versions[s] === versions[s] && from.softs[s] !== softs[s]) : [];
    let now = hard.length > 0 || (softNow && soft.length > 0) ? [...hard, ...soft] : [];
    const later = now.length > 0 ? [] : [...soft];
    if (wholeLate && from) {
      later.push(...now.filter((shard) => !changedRows(shard, from, seen)));
      now = now.filter((shard) => !later.includes(shard));
    }
    if (later.length > 0 && !behind)
      behind = reread(later, seen, from, true)
        .catch(() => undefined)
        .finally(() => {
          behind = undefined;
        });
    if (now.length > 0) await reread(now, seen, from);
    return held!.value;
  };

  // A read that wants soft moves or whole shards now does not share a refresh that leaves them behind: it follows it.
  return (read = {}) => {
    const shared = refreshing;
    if (shared && (shared.softNow || !read.softNow) && (!shared.wholeLate || read.wholeLate)) return shared.done;
    const done: Promise<Held> = (shared ? shared.done.catch(() => undefined).then(() => refresh(read)) : refresh(read)).finally(() => {
      if (refreshing?.done === done) refreshing = undefined;
    });
    refreshing = { done, softNow: !!read.softNow, wholeLate: !!read.wholeLate };
    return done;
  };
}

/** Rows a shard's notes name at most in one batch (more: the raise names none). */
const ROWS_NAMED = 1_000;

/**
 * The writing side: a view notes each shard it wrote a row in (after the write), and after the batch
 * raises each noted shard's version once (a shard may be any key: a number, a day): its soft version
 * when every note of the batch for it was soft (`wrote(shard, true)`), else its version, with the ids
 * of the rows noted (none: a note named no row). A process's projector batches share the notes: a
 * raise for another batch's rows is harmless, and a failed raise keeps its shards for the next batch.
 */
export function shardVersionRaiser<Shard = number>(raise: (shard: Shard, soft: boolean, rows: ReadonlySet<string> | undefined) => Promise<void>) {
  /** Each noted shard: whether all its notes were soft, and the rows they named (undefined: one named none). */
  const written = new Map<Shard, { soft: boolean; rows: Set<string> | undefined }>();
  const note = (shard: Shard, soft: boolean, rows: Iterable<string> | undefined) => {
    const was = written.get(shard);
    if (!was) return void written.set(shard, { soft, rows: rows ? new Set(rows) : undefined });
    was.soft &&= soft;
    if (was.rows && rows) for (const row of rows) was.rows.add(row);
    if (!rows || (was.rows?.size ?? 0) > ROWS_NAMED) was.rows = undefined;
  };
  return {
    wrote(shard: Shard, soft = false, row?: string): void {
      note(shard, soft, row === undefined ? undefined : [row]);
    },
    async afterBatch(): Promise<void> {
      const shards = [...written];
      written.clear();
      try {
        await Promise.all(shards.map(([shard, { soft, rows }]) => raise(shard, soft, rows)));
      } catch (err) {
        for (const [shard, { soft, rows }] of shards) note(shard, soft, rows);
        throw err;
      }
    },
  };
}
