// The lead engine's change log (data-model #37b): one small item per change that can let an order
// take leads it could not take a moment before, written in the same transaction as the change: an
// order saved or its status changed, an agent's statuses, priority, zip or time zone changed; money
// put into an account or a credit line changed is logged by the projector from the balance's change
// (functions/core/views/candidate-changes-view.ts), a moment after it. Each Lambda deciding leads reads the last seconds of
// it about once a second and drops what it kept of those orders, agents and balances, so it can rank
// on what it read minutes ago instead of reading every open order of a state again every few seconds.
// A sale is not logged: it only makes an order less eligible (later served, a higher count, a lower
// balance), which the sale's own fresh read and transaction conditions judge.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';

/** How long a change is kept (DynamoDB's TTL removes it later); readers look back seconds, not hours. */
const KEEP_SECONDS = 3_600;
const PK = 'CANDIDATE_CHANGES';

export const CANDIDATE_CHANGE_KINDS = ['order', 'agent', 'balance'] as const;
export type CandidateChangeKind = (typeof CANDIDATE_CHANGE_KINDS)[number];

export const CandidateChange = defineEntity({
  entity: 'CandidateChange',
  version: 1,
  schema: z.object({
    /** When the writer made the change (its clock): readers look back far enough to cover skew and commit delay. */
    at: z.string(),
    kind: z.enum(CANDIDATE_CHANGE_KINDS),
    /** The order's id, or the agent's. */
    id: z.string(),
    /** An order's states before and after the change: their open-orders lists are read again. */
    states: z.array(z.string()).optional(),
    ttl: z.number().int(),
  }),
  /** a change, in time order */
  key: (c: { at: string; kind: CandidateChangeKind; id: string }) => ({ pk: PK, sk: `${c.at}#${c.kind}#${c.id}` }),
  queries: {
    /** the changes made at or after `from` (an ISO time) */
    since: (from: string) => ({ pk: PK, sk: { gte: from } }),
  },
});
export type CandidateChange = z.infer<typeof CandidateChange.schema>;

/** The change item of a change to the order, agent or balance made at `at` (default now). */
export function candidateChangeOf(kind: CandidateChangeKind, id: string, opts: { at?: Date; states?: readonly string[] } = {}): CandidateChange {
  const at = opts.at ?? new Date();
  return { at: at.toISOString(), kind, id, ...(opts.states ? { states: [...new Set(opts.states)] } : {}), ttl: Math.floor(at.getTime() / 1000) + KEEP_SECONDS };
}

