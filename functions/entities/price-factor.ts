// Price factors (spec part 3 §3; docs/data-model.md #80-#81), stored as generations so a replacement
// by upload is all-or-nothing for readers: the rows of an import are written into a new generation's
// own partition, then one conditional write of the set's pointer makes that generation current; a
// failure before that write leaves the current set untouched, and the markers below let the next
// import delete whatever an interrupted one left behind.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { pad } from '#platform/item-key.ts';

/** Min as a sortable key part: hundredths, zero-padded (Min is 0 to 999,999,999.99 with 2 decimals). */
const minSortKey = (min: number) => pad(Math.round(min * 100), 12);

export const PriceFactor = defineEntity({
  entity: 'PriceFactor',
  version: 1,
  schema: z.object({
    generation: z.string(),
    key: z.string(),
    min: z.number(),
    max: z.number(),
    weight: z.number(),
    created: z.string(),
    createdBy: z.string(),
    modified: z.string(),
    modifiedBy: z.string(),
  }),
  key: (f: { generation: string; key: string; min: number }) => ({
    pk: `PRICE_FACTORS#${f.generation}`,
    sk: `FACTOR#${f.key}#${minSortKey(f.min)}`,
  }),
  queries: {
    /** every factor of one generation, by Key then Min */
    ofGeneration: (generation: string) => ({ pk: `PRICE_FACTORS#${generation}`, sk: { beginsWith: 'FACTOR#' } }),
  },
});
export type PriceFactor = z.infer<typeof PriceFactor.schema>;

/** The pointer to the current generation: replacing the set is one conditional write of this item. */
export const PriceFactorSet = defineEntity({
  entity: 'PriceFactorSet',
  version: 1,
  schema: z.object({
    generation: z.string(),
    /** Rows in the current generation (a reader that finds fewer re-reads the pointer once). */
    count: z.number().int().nonnegative(),
    revision: z.number().int().min(1),
    /** The upload that made this generation (absent for the seeded set). */
    uploadId: z.string().optional(),
    modifiedBy: z.string(),
    lastUpdated: z.string(),
  }),
  key: () => ({ pk: 'PRICE_FACTORS', sk: 'CURRENT' }),
});
export type PriceFactorSet = z.infer<typeof PriceFactorSet.schema>;

export const GENERATION_STATES = ['staging', 'retired'] as const;

/**
 * A generation that is not current: one being written (staging) or one replaced (retired). Both are
 * deleted by the cleanup that follows every import; a staging one only once it is older than any
 * import can run, so a running import's rows are never taken away from it.
 */
export const PriceFactorGeneration = defineEntity({
  entity: 'PriceFactorGeneration',
  version: 1,
  schema: z.object({
    generation: z.string(),
    state: z.enum(GENERATION_STATES),
    /** UTC ISO time the state was entered. */
    since: z.string(),
  }),
  key: (g: { generation: string }) => ({ pk: 'PRICE_FACTORS', sk: `GENERATION#${g.generation}` }),
  queries: {
    /** generations waiting for cleanup */
    all: () => ({ pk: 'PRICE_FACTORS', sk: { beginsWith: 'GENERATION#' } }),
  },
});
export type PriceFactorGeneration = z.infer<typeof PriceFactorGeneration.schema>;
