// Live-transfer calls attempted and won by an agent on one day of the account's time zone (Calls
// Today card). Written by the live-transfer work; read here, so its shape is the contract.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { agentPk } from './agent-profile.ts';

export const CallsOfDay = defineEntity({
  entity: 'CallsOfDay',
  version: 1,
  schema: z.object({
    agentId: z.string(),
    day: z.string(),
    attempted: z.number().int().nonnegative(),
    won: z.number().int().nonnegative(),
  }),
  key: (c: { agentId: string; day: string }) => ({ pk: agentPk(c.agentId), sk: `CALLS#${c.day}` }),
});
export type CallsOfDay = z.infer<typeof CallsOfDay.schema>;
