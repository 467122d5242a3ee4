// An unsold lead's next retry (spec part 3 §3 Campaign MaxRetries / RetryInterval): one item per
// pending retry in a single "due" partition sorted by when it is due, written in the same transaction
// that stores the unsold lead (or records a failed retry), so a retry can never be lost between the
// lead and a scheduler. The leadRetry job (functions/jobs/lead-retry.ts) queries what is due, runs
// matching again and deletes the item in the transaction that records the attempt.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';

export const LEAD_RETRIES_PK = 'LEAD_RETRIES';

export const LeadRetry = defineEntity({
  entity: 'LeadRetry',
  version: 1,
  schema: z.object({
    leadId: z.string(),
    /** UTC ISO time the retry is due. */
    dueAt: z.string(),
    /** This retry's number, 1 to maxRetries. */
    attempt: z.number().int().positive(),
    maxRetries: z.number().int().positive(),
    intervalMinutes: z.number().int().positive(),
  }),
  /** pending retries by due time */
  key: (r: { dueAt: string; leadId: string }) => ({ pk: LEAD_RETRIES_PK, sk: `${r.dueAt}#${r.leadId}` }),
  queries: {
    /** retries due by a moment, oldest first */
    dueBy: (until: string) => ({ pk: LEAD_RETRIES_PK, sk: { lte: `${until}#\uffff` } }),
  },
});
export type LeadRetry = z.infer<typeof LeadRetry.schema>;
