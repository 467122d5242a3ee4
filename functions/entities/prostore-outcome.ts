// An agent's Pro Store result for one ISO week, in the agent's partition so 30,000 writes a week
// spread over many partitions; re-runs rely on it to know what is done.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { agentPk } from './agent-profile.ts';

const cents = z.number().int().nonnegative();

export const ProStoreOutcome = defineEntity({
  entity: 'ProStoreOutcome',
  version: 1,
  schema: z.object({
    isoWeek: z.string(),
    agentId: z.string(),
    outcome: z.enum(['transferred', 'skipped', 'failed']),
    amountCents: cents,
    /** Why an agent was skipped or failed, for support. */
    reason: z.string().optional(),
    ledgerEntryId: z.string().optional(),
    transferredAt: z.string().optional(),
    decidedAt: z.string(),
  }),
  /** an agent's outcome of a week */
  key: (o: { isoWeek: string; agentId: string }) => ({ pk: agentPk(o.agentId), sk: `PROSTORE#${o.isoWeek}` }),
  queries: {
    /** an agent's weeks */
    ofAgent: (agentId: string) => ({ pk: agentPk(agentId), sk: { beginsWith: 'PROSTORE#' } }),
  },
  indexes: {
    /** support's "who was skipped or failed in week W and why"; transfers stay out (sparse) */
    exceptionsOfWeek: {
      index: 'gsi1',
      attributes: ['isoWeek', 'outcome', 'agentId'],
      when: (o) => o.outcome !== 'transferred',
      key: (o) => ({ pk: `PROSTORE_EXCEPTIONS#${o.isoWeek}`, sk: `${o.outcome}#${o.agentId}` }),
      query: (isoWeek: string, outcome?: 'skipped' | 'failed') => ({
        pk: `PROSTORE_EXCEPTIONS#${isoWeek}`,
        ...(outcome ? { sk: { beginsWith: `${outcome}#` } } : {}),
      }),
    },
  },
});
export type ProStoreOutcome = z.infer<typeof ProStoreOutcome.schema>;
