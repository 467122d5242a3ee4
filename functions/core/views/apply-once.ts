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
import { AsyncLocalStorage } from 'node:async_hooks';
import { ViewApplied } from '#entities/view-applied.ts';
import { MAX_TRANSACTION_ITEMS, sleep, transactWrite, TransactionConflict, type TxItem } from '#platform/db.ts';
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

/** The same item named twice (a transaction refuses it). */
function namesAnItemTwice(items: readonly TxItem[]): boolean {
  const keys = items.map((t) => {
    const key = t.kind === 'put' ? t.item : t.key;
    return `${String(key.pk)}\u0000${String(key.sk)}`;
  });
  return new Set(keys).size !== keys.length;
}

/** The views of one record, side by side: each either still running, finished, or waiting on its write. */
class Together {
  /** Reads the record's views share (`sharedRead`), by key. */
  readonly reads = new Map<string, Promise<unknown>>();
  private readonly writes: Write[] = [];
  /** The views that have finished or wait on their write. */
  private readonly ready = new Set<number>();
  private flushed = false;

  constructor(private readonly views: number) {}

  /** A view's write: joins the record's transaction unless that was written already (then alone). */
  join(view: number, items: TxItem[]): Promise<boolean> {
    if (this.flushed) return writeAlone(items);
    return new Promise<boolean>((resolve, reject) => {
      this.writes.push({ items, done: (wrote) => wrote.then(resolve, reject) });
      this.ready.add(view);
      this.flushIfReady();
    });
  }

  finish(view: number): void {
    this.ready.add(view);
    this.flushIfReady();
  }

  /** Once every view has finished or waits on its write: the writes together (one: alone). */
  private flushIfReady(): void {
    if (this.flushed || this.ready.size < this.views) return;
    this.flushed = true;
    const writes = this.writes;
    if (writes.length === 0) return;
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
}

const current = new AsyncLocalStorage<{ together: Together; view: number }>();

/**
 * Runs a record's views (`apply(i)` for the i-th) side by side with their apply-once writes joined in
 * one transaction, written once each view has finished or waits on its write.
 */
export function togetherFor<T>(views: number, apply: (view: number) => Promise<T>): Promise<T>[] {
  const together = new Together(views);
  return Array.from({ length: views }, (_, view) =>
    current.run({ together, view }, () => apply(view)).finally(() => together.finish(view)),
  );
}

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
