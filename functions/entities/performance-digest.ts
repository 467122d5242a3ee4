// A closed reporting day's performance digest (docs/data-model.md #90a): every PerformanceDay cell of
// the day (fund, campaign, vendor and their six sums) in one item, so Campaign Performance, Campaign
// Summary and Fund Performance read a month as ≤ 31 items instead of ≈ 19,000. Built by the reports
// when they first read the day after it closed; never trusted on its own word: it records the facts
// it summed (`salesStamp`: the day's PerformanceStamp `writes`, which the performance view ADDs to in
// the same transaction as every sale and credit it adds to a cell; `builtEdits`: `edits`, what
// approvals counted before the view did), and a reader uses it only while both still hold. Anything
// else on the day rebuilds it.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';

export const PerformanceDigest = defineEntity({
  entity: 'PerformanceDigest',
  version: 1,
  schema: z.object({
    day: z.string(),
    /** Approved credits of the day's sales so far (ADDed by the dispute approval; absent: none). */
    edits: z.number().int().nonnegative().optional(),
    /** `edits` when the cells below were read; the digest holds only while `edits` still equals it. */
    builtEdits: z.number().int().nonnegative().optional(),
    /** The sum of the day's PerformanceStamp `writes` read before the cells: the digest holds only while the sum does. */
    salesStamp: z.number().int().nonnegative().optional(),
    /** The day's cells as JSON (performance-digests.ts encodes it); removed by an approval. */
    cells: z.string().optional(),
    builtAt: z.string().optional(),
  }),
  /** a day's digest */
  key: (d: { day: string }) => ({ pk: `PERF_DIGEST#${d.day}`, sk: 'DIGEST' }),
});
export type PerformanceDigest = z.infer<typeof PerformanceDigest.schema>;
