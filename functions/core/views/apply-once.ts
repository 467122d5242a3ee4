// The counting views' way to be idempotent: a fact's ADDs go in one transaction with the view's
// receipt for that fact (entities/view-applied.ts), created only if absent. Applying the fact again
// finds the receipt and writes nothing. Views of different facts meet on shared cells; a transaction
// that collides with another is tried again after a short random wait.
//
// The projector runs a record's views side by side inside `togetherFor` (projector.ts): the counting
// views' writes for that record then join one transaction, every view's receipt with its ADDs (a lead
// stored counts in four views: one transaction instead of four). Together they are written or none
// is, so a record delivered again finds every receipt; a joint write that fails for any reason (a
// receipt there already, the same item twice) writes nothing, and each view's write is then tried
// alone, as outside the projector (a rebuild), with each view's own outcome. The views of a record
// also share the reads they both make (`sharedRead`).
//
// Within a batch (`joinedBatch`), the records' joint writes wait for the batch's end and go out
// together (in the order the records got to them: ADDs commute, and each receipt is its own fact's),
// as few transactions as fit (at most MAX_TRANSACTION_ITEMS items each):
// every record's receipts, and each counter cell once with its records' ADDs summed (db.ts
// `Mergeable`). A lead and its sale both add to the same day cells, and the leads of a batch to the
// same vendor's minute and day: a batch writes each cell once instead of once per record. The same
// rule holds: a joined write that fails writes nothing, and its records are then written one by one
// as above.
import { AsyncLocalStorage } from 'node:async_hooks';
import { ViewApplied } from '#entities/view-applied.ts';
import { MAX_TRANSACTION_ITEMS, sleep, transactWrite, TransactionConflict, type TxItem } from '#platform/db.ts';
import type { ItemKey } from '#platform/item-key.ts';
import type { ChangeRecord } from '#platform/stream.ts';

const ATTEMPTS = 6;

class AlreadyApplied extends Error {}

/** The fact a record is about, named by its item's keys (plus a part when one item makes several facts). */
export const factOf = (record: ChangeRecord, part?: string): string => `${record.keys.pk}#${record.keys.sk}${part ? `#${part}` : ''}`;

/** One view's write for one fact: its receipt and its items. */
interface Write {
  items: TxItem[];
  done: (wrote: Promise<boolean>) => void;
}

/** Writes `items` as one transaction, tried again after a short random wait when it collides with another. */
async function writeWithRetries(items: TxItem[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await transactWrite(items);
      return;
    } catch (err) {
      if (!(err instanceof TransactionConflict) || attempt >= ATTEMPTS) throw err;
      await sleep(Math.random() * Math.min(200, 10 * 2 ** attempt));
    }
  }
}

/** One view's write alone: false when its receipt was there already. */
async function writeAlone(items: TxItem[]): Promise<boolean> {
  try {
    await writeWithRetries(items);
    return true;
  } catch (err) {
    if (err instanceof AlreadyApplied) return false;
    throw err;
  }
}

/** The key of a transaction item's item. */
const keyOf = (t: TxItem): string => {
  const key: ItemKey | Record<string, unknown> = t.kind === 'put' ? t.item : t.key;
  return `${String(key.pk)}\u0000${String(key.sk)}`;
};

/** The same item named twice (a transaction refuses it). */
function namesAnItemTwice(items: readonly TxItem[]): boolean {
  const keys = items.map(keyOf);
  return new Set(keys).size !== keys.length;
}

/** A record's writes as one transaction (one write, too many items or an item twice: each alone), each write told its outcome. */
function writeRecord(writes: readonly Write[]): void {
  const all = writes.flatMap((w) => w.items);
  if (writes.length === 1 || all.length > MAX_TRANSACTION_ITEMS || namesAnItemTwice(all)) {
    for (const w of writes) w.done(writeAlone(w.items));
    return;
  }
  writeWithRetries(all).then(
    () => writes.forEach((w) => w.done(Promise.resolve(true))),
    // Nothing of it was written: each view's write alone, with its own outcome (a receipt there already: false).
    () => writes.forEach((w) => w.done(writeAlone(w.items))),
  );
}

/**
 * Records' writes gathered as one transaction's items: a counter cell that several write is held once
 * with their changes joined (`Mergeable`).
 */
class Joined {
  readonly records: Write[][] = [];
  readonly byKey = new Map<string, TxItem>();

  /** Adds a record's writes, unless they do not fit (too many items, or an item twice that cannot be joined, such as a receipt). */
  add(writes: Write[]): boolean {
    const changed = new Map<string, TxItem>();
    for (const item of writes.flatMap((w) => w.items)) {
      const key = keyOf(item);
      const there = changed.get(key) ?? this.byKey.get(key);
      if (!there) changed.set(key, item);
      else {
        const joined = there.kind === 'update' && item.kind === 'update' && there.merge && item.merge ? there.merge.with(item.merge) : undefined;
        if (!joined) return false;
        changed.set(key, joined);
      }
    }
    if (this.byKey.size + [...changed.keys()].filter((k) => !this.byKey.has(k)).length > MAX_TRANSACTION_ITEMS) return false;
    for (const [key, item] of changed) this.byKey.set(key, item);
    this.records.push(writes);
    return true;
  }
}

/** A batch's records' joint writes, kept until its end (`joinedBatch`). */
class BatchWrites {
  private readonly records: Write[][] = [];

  add(writes: Write[]): void {
    this.records.push(writes);
  }

  /**
   * Writes the records' writes in the order they came, as few transactions as fit; the records of a joined
   * write that fails (or of one alone) are written one by one (`writeRecord`). Resolves once every
   * joined write was tried.
   */
  async flush(): Promise<void> {
    const runs: Joined[] = [];
    for (const writes of this.records.splice(0)) {
      if (runs.at(-1)?.add(writes)) continue;
      const run = new Joined();
      if (!run.add(writes)) {
        writeRecord(writes);
        continue;
      }
      runs.push(run);
    }
    for (const run of runs) {
      if (run.records.length === 1) {
        writeRecord(run.records[0]!);
        continue;
      }
      try {
        await writeWithRetries([...run.byKey.values()]);
        for (const writes of run.records) writes.forEach((w) => w.done(Promise.resolve(true)));
      } catch {
        run.records.forEach(writeRecord);
      }
    }
  }
}

const batchWrites = new AsyncLocalStorage<BatchWrites>();

/**
 * Runs `apply` (a batch's records through the views) with the records' joint writes kept until it
 * has returned, then writes them together (`BatchWrites`); `apply` must not wait for its records'
 * views to finish (`togetherFor`'s `ready`), only `settle` may: it runs once every write was tried.
 */
export async function joinedBatch<A, S>(apply: () => Promise<A>, settle: (applied: A) => Promise<S>): Promise<S> {
  const batch = new BatchWrites();
  const applied = await batchWrites.run(batch, apply);
  await batch.flush();
  return settle(applied);
}

/** The views of one record, side by side: each either still running, finished, or waiting on its write. */
class Together {
  /** Reads the record's views share (`sharedRead`), by key. */
  readonly reads = new Map<string, Promise<unknown>>();
  private readonly writes: Write[] = [];
  /** The views that have finished or wait on their write. */
  private readonly waiting = new Set<number>();
  private flushed = false;
  /** Resolves once every view has finished or waits on its write. */
  readonly ready: Promise<void>;
  private isReady!: () => void;

  constructor(private readonly views: number) {
    this.ready = new Promise((resolve) => (this.isReady = resolve));
  }

  /** A view's write: joins the record's transaction unless that was written already (then alone). */
  join(view: number, items: TxItem[]): Promise<boolean> {
    if (this.flushed) return writeAlone(items);
    return new Promise<boolean>((resolve, reject) => {
      this.writes.push({ items, done: (wrote) => wrote.then(resolve, reject) });
      this.waiting.add(view);
      this.flushIfReady();
    });
  }

  finish(view: number): void {
    this.waiting.add(view);
    this.flushIfReady();
  }

  /** Once every view has finished or waits on its write: the writes together (one: alone), or kept for the batch's end. */
  private flushIfReady(): void {
    if (this.flushed || this.waiting.size < this.views) return;
    this.flushed = true;
    this.isReady();
    const writes = this.writes;
    if (writes.length === 0) return;
    const batch = batchWrites.getStore();
    if (batch) batch.add(writes);
    else writeRecord(writes);
  }
}

const current = new AsyncLocalStorage<{ together: Together; view: number }>();

/**
 * Runs a record's views (`apply(i)` for the i-th) side by side with their apply-once writes joined in
 * one transaction, written once each view has finished or waits on its write (`ready`; within a
 * `joinedBatch`, at the batch's end, so a view waiting on its write finishes only then).
 */
export function viewsTogether<T>(views: number, apply: (view: number) => Promise<T>): { outcomes: Promise<T>[]; ready: Promise<void>; failedBeforeReady: () => boolean } {
  const together = new Together(views);
  let failed = false;
  const outcomes = Array.from({ length: views }, (_, view) =>
    current
      .run({ together, view }, () => apply(view))
      .catch((err: unknown) => {
        failed = true;
        throw err;
      })
      .finally(() => together.finish(view)),
  );
  return { outcomes, ready: together.ready, failedBeforeReady: () => failed };
}

/** `viewsTogether`'s outcomes. */
export const togetherFor = <T>(views: number, apply: (view: number) => Promise<T>): Promise<T>[] => viewsTogether(views, apply).outcomes;

/**
 * `read`'s answer, read once for all the views of the record being applied (the lead of a sale, which
 * two views read): the views run side by side, so one read serves them as well as one each would.
 * Outside the projector (a rebuild, a test applying one view), each call reads.
 */
export function sharedRead<T>(key: string, read: () => Promise<T>): Promise<T> {
  const reads = current.getStore()?.together.reads;
  if (!reads) return read();
  let answer = reads.get(key) as Promise<T> | undefined;
  if (!answer) reads.set(key, (answer = read()));
  return answer;
}

/** Writes `items` with the view's receipt for `fact` (expiring at `ttl`, as the fact does), unless the receipt is there already. Returns whether it wrote. */
export async function applyOnce(view: string, fact: string, items: readonly TxItem[], ttl?: number): Promise<boolean> {
  if (items.length === 0) return false;
  const receipt = ViewApplied.createTx({ view, fact, at: new Date().toISOString(), ...(ttl !== undefined ? { ttl } : {}) }, { orFail: () => new AlreadyApplied() });
  const joined = current.getStore();
  return joined ? joined.together.join(joined.view, [receipt, ...items]) : writeAlone([receipt, ...items]);
}
