// A card failure the browser reported (POST account/creditfail), masked, kept 400 days for support.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { agentPk } from './agent-profile.ts';

export const CardFailure = defineEntity({
  entity: 'CardFailure',
  version: 1,
  schema: z.object({
    failureId: z.string(),
    agentId: z.string(),
    at: z.string(),
    /** The provider's error text, masked. */
    error: z.string(),
    referenceId: z.string().optional(),
    amountCents: z.number().int().optional(),
    /** Who reported it (the agent's user or a sales assistant). */
    userId: z.string(),
    ttl: z.number().int(),
  }),
  key: (f: { agentId: string; at: string; failureId: string }) => ({ pk: agentPk(f.agentId), sk: `CARDFAIL#${f.at}#${f.failureId}` }),
  queries: {
    /** an agent's card failures (newest first when read descending) */
    ofAgent: (agentId: string) => ({ pk: agentPk(agentId), sk: { beginsWith: 'CARDFAIL#' } }),
  },
});
export type CardFailure = z.infer<typeof CardFailure.schema>;
