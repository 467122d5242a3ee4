// The audit of an agent's credit line (spec part 3 §3 Agent CreditLine): who set it, when, from what
// to what, and where (Agent Information, or a creditLimit CSV upload); written in the same
// transaction as the balance item's change.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { agentPk } from './agent-profile.ts';

const cents = z.number().int().nonnegative();

export const CreditLineChange = defineEntity({
  entity: 'CreditLineChange',
  version: 1,
  schema: z.object({
    agentId: z.string(),
    changeId: z.string(),
    changedAt: z.string(),
    previousCents: cents,
    newCents: cents,
    /** Who set it (the staff user). */
    changedBy: z.string(),
    /** Where it was set: 'Agent Information' or 'CSV upload'. */
    source: z.string(),
    /** The creditLimit upload that set it, when one did. */
    uploadId: z.string().optional(),
  }),
  key: (c: { agentId: string; changedAt: string; changeId: string }) => ({ pk: agentPk(c.agentId), sk: `CREDITLINE#${c.changedAt}#${c.changeId}` }),
  queries: {
    /** credit line changes of an agent, oldest first (newest first when read descending) */
    ofAgent: (agentId: string) => ({ pk: agentPk(agentId), sk: { beginsWith: 'CREDITLINE#' } }),
  },
});
export type CreditLineChange = z.infer<typeof CreditLineChange.schema>;
