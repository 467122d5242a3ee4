// The counting views' way to be idempotent: a fact's ADDs go in one transaction with the view's
// receipt for that fact (entities/view-applied.ts), created only if absent. Applying the fact again
// finds the receipt and writes nothing. Views of different facts meet on shared cells; a transaction
// that collides with another is tried again after a short random wait.
import { ViewApplied } from '#entities/view-applied.ts';
import { sleep, transactWrite, TransactionConflict, type TxItem } from '#platform/db.ts';
import type { ChangeRecord } from '#platform/stream.ts';

const ATTEMPTS = 6;

class AlreadyApplied extends Error {}

/** The fact a record is about, named by its item's keys (plus a part when one item makes several facts). */
export const factOf = (record: ChangeRecord, part?: string): string => `${record.keys.pk}#${record.keys.sk}${part ? `#${part}` : ''}`;

/** Writes `items` with the view's receipt for `fact` (expiring at `ttl`, as the fact does), unless the receipt is there already. Returns whether it wrote. */
export async function applyOnce(view: string, fact: string, items: readonly TxItem[], ttl?: number): Promise<boolean> {
  if (items.length === 0) return false;
  const receipt = ViewApplied.createTx({ view, fact, at: new Date().toISOString(), ...(ttl !== undefined ? { ttl } : {}) }, { orFail: () => new AlreadyApplied() });
  for (let attempt = 1; ; attempt++) {
    try {
      await transactWrite([receipt, ...items]);
      return true;
    } catch (err) {
      if (err instanceof AlreadyApplied) return false;
      if (!(err instanceof TransactionConflict) || attempt >= ATTEMPTS) throw err;
      await sleep(Math.random() * Math.min(200, 10 * 2 ** attempt));
    }
  }
}
