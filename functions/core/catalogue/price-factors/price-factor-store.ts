// The price factor set: read it whole (#80), and replace it whole (#81) in three steps that keep it
// consistent for readers whatever fails: stage the new rows in their own generation, switch the set's
// pointer to it in one conditional transaction (which also retires the old generation), then delete
// retired and abandoned generations. Before the switch readers see the old set, after it the new one.
import type { PriceFactorDto } from '#shared/api/price-factors.ts';
import { PriceFactor, PriceFactorGeneration, PriceFactorSet } from '#entities/price-factor.ts';
import { batchDelete, batchPut, transactWrite } from '#platform/db.ts';
import { Conflict } from '#platform/errors.ts';
import { logger } from '#platform/logger.ts';
import type { PriceFactorRow } from './price-factor-rows.ts';

/** A staging generation older than this belongs to an import that died (the job times out at 5 minutes). */
export const ABANDONED_AFTER_MS = 30 * 60_000;
export const SET_CHANGED = 'Another price factor file was imported while this one was processed; nothing was changed. Upload the file again.';

export type RowOutcome = 'Added' | 'Updated' | 'Unchanged';

export interface ImportResult {
  generation: string;
  outcomes: { row: PriceFactorRow; outcome: RowOutcome }[];
  /** Factors of the old set that the file no longer has. */
  removed: PriceFactor[];
}

export function toDto(f: PriceFactor): PriceFactorDto {
  return { Key: f.key, Min: f.min, Max: f.max, Weight: f.weight, Created: f.created, CreatedBy: f.createdBy, Modified: f.modified, ModifiedBy: f.modifiedBy };
}

/** The current set, by Key then Min. */
export async function listPriceFactors(): Promise<PriceFactor[]> {
  for (let attempt = 0; ; attempt++) {
    const set = await PriceFactorSet.get(undefined, { consistent: true });
    if (!set) return [];
    const rows = await PriceFactor.query.ofGeneration(set.generation).all({ consistent: true });
    // A generation retired (and being deleted) between the two reads: the pointer has moved on.
    if (rows.length === set.count || attempt === 2) return rows;
  }
}

const identity = (f: { key: string; min: number; max: number }) => `${f.key}\u0000${f.min}\u0000${f.max}`;

/**
 * The new generation's items: a factor with the same Key and range as one in the current set keeps
 * its Created and CreatedBy, and its Modified and ModifiedBy unless its Weight changed.
 */
export function nextGeneration(rows: PriceFactorRow[], current: PriceFactor[], generation: string, by: string, now: Date) {
  const existing = new Map(current.map((f) => [identity(f), f]));
  const at = now.toISOString();
  const outcomes: ImportResult['outcomes'] = [];
  const items: PriceFactor[] = rows.map((row) => {
    const before = existing.get(identity(row));
    existing.delete(identity(row));
    const outcome: RowOutcome = !before ? 'Added' : before.weight === row.weight ? 'Unchanged' : 'Updated';
    outcomes.push({ row, outcome });
    return {
      generation,
      key: row.key,
      min: row.min,
      max: row.max,
      weight: row.weight,
      created: before?.created ?? at,
      createdBy: before?.createdBy ?? by,
      modified: outcome === 'Unchanged' ? before!.modified : at,
      modifiedBy: outcome === 'Unchanged' ? before!.modifiedBy : by,
    };
  });
  return { items, outcomes, removed: [...existing.values()] };
}

/** Step 1: the rows of a new generation, written beside the current set (readers do not see them). */
export async function stageGeneration(items: PriceFactor[], generation: string, now: Date): Promise<void> {
  await PriceFactorGeneration.put({ generation, state: 'staging', since: now.toISOString() });
  await batchPut(items.map((f) => PriceFactor.toItem(f)), { concurrency: 4 });
}

/**
 * Step 2: make `generation` current, only if the set is still at `expected` (the generation read
 * before staging); the old generation is marked retired in the same transaction.
 */
export async function switchGeneration(input: {
  generation: string;
  expected: { generation: string; revision: number } | undefined;
  count: number;
  uploadId?: string;
  by: string;
  now: Date;
}): Promise<void> {
  const { generation, expected, count, by, now } = input;
  const pointer = { generation, count, modifiedBy: by, lastUpdated: now.toISOString(), ...(input.uploadId ? { uploadId: input.uploadId } : {}) };
  const changed = () => new Conflict(SET_CHANGED);
  await transactWrite([
    expected
      ? PriceFactorSet.patchTx(
          undefined,
          { set: { ...pointer, revision: expected.revision + 1 } },
          { condition: { expression: '#gen = :gen', names: { '#gen': 'generation' }, values: { ':gen': expected.generation } }, orFail: changed },
        )
      : PriceFactorSet.createTx({ ...pointer, revision: 1 }, { orFail: changed }),
    PriceFactorGeneration.deleteTx({ generation }),
    ...(expected ? [PriceFactorGeneration.putTx({ generation: expected.generation, state: 'retired', since: now.toISOString() })] : []),
  ]);
}

/** Step 3: delete the rows of retired generations and of staging ones abandoned long ago. */
export async function cleanUpGenerations(now: Date): Promise<number> {
  const current = (await PriceFactorSet.get(undefined, { consistent: true }))?.generation;
  let deleted = 0;
  for (const g of await PriceFactorGeneration.query.all().all({ consistent: true })) {
    if (g.generation === current) continue;
    if (g.state === 'staging' && now.getTime() - Date.parse(g.since) < ABANDONED_AFTER_MS) continue;
    deleted += await deleteGeneration(g.generation);
  }
  return deleted;
}

async function deleteUnlessCurrent(generation: string): Promise<void> {
  const set = await PriceFactorSet.get(undefined, { consistent: true });
  if (set?.generation !== generation) await deleteGeneration(generation);
}

async function deleteGeneration(generation: string): Promise<number> {
  const rows = await PriceFactor.query.ofGeneration(generation).all({ consistent: true });
  await batchDelete(rows.map((f) => PriceFactor.key(f)));
  await PriceFactorGeneration.delete({ generation });
  return rows.length;
}

/**
 * Replace the whole set with `rows` (already checked), as generation `generation` (the upload's id,
 * so a second run of the same upload finds its work done). Throws Conflict(SET_CHANGED) when another
 * import switched the set first; the staged rows are then removed again.
 */
export async function replacePriceFactors(rows: PriceFactorRow[], opts: { generation: string; by: string; now: Date; uploadId?: string }): Promise<ImportResult> {
  const { generation, by, now } = opts;
  const set = await PriceFactorSet.get(undefined, { consistent: true });
  const current = set ? await PriceFactor.query.ofGeneration(set.generation).all({ consistent: true }) : [];
  if (set?.generation === generation) {
    // This upload was applied already (a run that died after the switch): report it, change nothing.
    return { generation, outcomes: rows.map((row) => ({ row, outcome: 'Unchanged' })), removed: [] };
  }
  const next = nextGeneration(rows, current, generation, by, now);
  try {
    await stageGeneration(next.items, generation, now);
    await switchGeneration({ generation, expected: set, count: next.items.length, by, now, ...(opts.uploadId ? { uploadId: opts.uploadId } : {}) });
  } catch (err) {
    // A switch whose answer was lost may still have happened: never delete the current set.
    await deleteUnlessCurrent(generation).catch((cleanup: unknown) =>
      logger.warn('Staged price factors left for the next cleanup', { generation, error: cleanup instanceof Error ? cleanup.message : String(cleanup) }),
    );
    throw err;
  }
  await cleanUpGenerations(now).catch((err: unknown) =>
    logger.warn('Price factor cleanup left work for the next import', { error: err instanceof Error ? err.message : String(err) }),
  );
  return { generation, outcomes: next.outcomes, removed: next.removed };
}
