// Portal users: who may sign in, the staff or agent record they stand for, and their role flags.
import { z } from 'zod';
import { defineEntity } from '#platform/db.ts';
import { userKeys } from '#platform/keys.ts';
import { permissionsFor, rolesFor, type UserFlags } from '#shared/permissions.ts';

export const userSchema = z.object({
  userId: z.string().min(1),
  email: z.string().min(3),
  name: z.string().min(1),
  kind: z.enum(['staff', 'agent']),
  /** The agent this user acts for: their own record, or for a sales assistant the agent they assist. */
  agentId: z.string().optional(),
  isAdmin: z.boolean().default(false),
  isManager: z.boolean().default(false),
  isLeadConnectHome: z.boolean().default(false),
  isSalesAssistant: z.boolean().default(false),
  isSponsorAgent: z.boolean().default(false),
  isFundPreview: z.boolean().default(false),
  createdAt: z.string(),
  lastLoginAt: z.string().optional(),
});
export type User = z.infer<typeof userSchema>;

export const users = defineEntity({ entity: 'User', version: 1, schema: userSchema, key: (u) => userKeys.item(u) });

export async function findUserById(userId: string): Promise<User | undefined> {
  return users.get(userKeys.byId(userId));
}

export async function findUserByEmail(email: string): Promise<User | undefined> {
  const page = await users.queryPage(userKeys.byEmail(email), { limit: 1 });
  return page.items[0];
}

/** The flags the permission mapping reads; the agent type comes from the linked agent record. */
export function userFlags(user: User, agentType?: 0 | 1 | 2): UserFlags {
  return {
    kind: user.kind,
    isAdmin: user.isAdmin,
    isManager: user.isManager,
    isLeadConnectHome: user.isLeadConnectHome,
    isSalesAssistant: user.isSalesAssistant,
    isSponsorAgent: user.isSponsorAgent,
    isFundPreview: user.isFundPreview,
    ...(agentType !== undefined ? { agentType } : {}),
  };
}

export { permissionsFor, rolesFor };

/** Stamp the time of a successful sign-in on the user. */
export async function recordLogin(user: User, now = new Date()): Promise<void> {
  await users.put({ ...user, lastLoginAt: now.toISOString() });
}
