// A training course row of an agent, fed from the external agent systems; Home shows them.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { agentPk } from './agent-profile.ts';

export const TrainingRecord = defineEntity({
  entity: 'TrainingRecord',
  version: 1,
  schema: z.object({ agentId: z.string(), courseName: z.string(), status: z.string() }),
  key: (t: { agentId: string; courseName: string }) => ({ pk: agentPk(t.agentId), sk: `TRAINING#${t.courseName}` }),
  queries: {
    /** an agent's training rows */
    ofAgent: (agentId: string) => ({ pk: agentPk(agentId), sk: { beginsWith: 'TRAINING#' } }),
  },
});
export type TrainingRecord = z.infer<typeof TrainingRecord.schema>;
