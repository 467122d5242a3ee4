// The weekly Pro Store job's run record: the week's totals so far and what the latest run did.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';

const cents = z.number().int().nonnegative();
const count = z.number().int().nonnegative();

export const ProStoreRun = defineEntity({
  entity: 'ProStoreRun',
  version: 1,
  schema: z.object({
    isoWeek: z.string(),
    status: z.enum(['running', 'finished']),
    /** Runs started this week (a re-run after a crash or by hand adds one). */
    runs: z.number().int().positive(),
    firstStartedAt: z.string(),
    startedAt: z.string(),
    finishedAt: z.string().optional(),
    updatedAt: z.string(),
    /** Week totals as of the latest run (earlier runs' outcomes included). */
    agents: count,
    transferred: count,
    skipped: count,
    failed: count,
    ineligible: count,
    totalCents: cents,
    /** What the latest run itself did. */
    newTransfers: count,
  }),
  /** the run of an ISO week */
  key: (r: { isoWeek: string }) => ({ pk: `PROSTORE_RUN#${r.isoWeek}`, sk: 'RUN' }),
});
export type ProStoreRun = z.infer<typeof ProStoreRun.schema>;
