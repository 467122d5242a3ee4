// A portal user (staff or agent): what sign-in finds by e-mail and a session resolves to.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { lower } from '#platform/item-key.ts';

export const User = defineEntity({
  entity: 'User',
  version: 1,
  schema: z.object({
    userId: z.string(),
    email: z.string(),
    name: z.string(),
    kind: z.enum(['staff', 'agent']),
    /** The agent an agent user (or sales assistant) acts for. */
    agentId: z.string().optional(),
    isAdmin: z.boolean(),
    isManager: z.boolean(),
    isLeadConnectHome: z.boolean(),
    isSalesAssistant: z.boolean(),
    isSponsorAgent: z.boolean(),
    isFundPreview: z.boolean(),
    createdAt: z.string(),
  }),
  /** user by id (session → user) */
  key: (u: { userId: string }) => ({ pk: `USER#${u.userId}`, sk: 'USER' }),
  indexes: {
    /** user by e-mail (sign-in), case-insensitive */
    byEmail: {
      index: 'gsi1',
      attributes: ['email'],
      key: (u) => ({ pk: `USER_EMAIL#${lower(u.email)}`, sk: 'USER' }),
      query: (email: string) => ({ pk: `USER_EMAIL#${lower(email)}`, sk: { eq: 'USER' } }),
    },
    /** users acting for an agent (the agent's own user, sales assistants); sparse */
    ofAgent: {
      index: 'gsi2',
      attributes: ['agentId', 'userId'],
      when: (u) => u.agentId !== undefined,
      key: (u) => ({ pk: `AGENT_USERS#${u.agentId}`, sk: `USER#${u.userId}` }),
      query: (agentId: string) => ({ pk: `AGENT_USERS#${agentId}` }),
    },
  },
});
export type User = z.infer<typeof User.schema>;
