// A closed reporting day's rank digest of one shard of one Transaction History order (docs/data-model.md
// #88g): every `step`-th key of the day's copies in that order and shard (ledger-history-key.ts), as
// the shortest text that separates it from the key before, so that exactly `j × step` keys of the
// list sort below separator j. With the
// digests of a range's days a page sorted by that column is found by rank without reading the rows
// before it. Written once, when a page first needs the day after it closed (a closed day gains no
// entries); a digest whose total differs from the day's entry count is not used (it is rebuilt).
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { HISTORY_COLUMNS, type HistoryColumn } from './ledger-history-key.ts';

export const LedgerDigest = defineEntity({
  entity: 'LedgerDigest',
  version: 1,
  schema: z.object({
    day: z.string(),
    column: z.enum(HISTORY_COLUMNS as [HistoryColumn, ...HistoryColumn[]]),
    shard: z.number().int().nonnegative(),
    /** The day's copies in that order and shard when the digest was taken. */
    total: z.number().int().nonnegative(),
    step: z.number().int().positive(),
    /** separators[j - 1]: exactly j × step keys of the day sort below it (UTF-8 order). */
    separators: z.array(z.string()),
    /** The list's first and last keys: a page wholly before or after the list does not read it (absent on an empty list). */
    first: z.string().optional(),
    last: z.string().optional(),
    builtAt: z.string(),
  }),
  /** a day's digest of one order's shard */
  key: (d: { day: string; column: string; shard: number }) => ({ pk: `LEDGER_DIGEST#${d.day}`, sk: `DIGEST#${d.column}#${d.shard}` }),
});
export type LedgerDigest = z.infer<typeof LedgerDigest.schema>;
