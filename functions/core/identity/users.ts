// Portal users: look-ups for sign-in and sessions, and the flags the permission mapping reads.
import { User, type User as UserItem } from '#entities/user.ts';
import { stampLastLogin } from '#core/directory/agent-registry.ts';
import { permissionsFor, rolesFor, type UserFlags } from '#shared/permissions.ts';

export type { UserItem };

export async function findUserById(userId: string): Promise<UserItem | undefined> {
  return User.get({ userId });
}

export async function findUserByEmail(email: string): Promise<UserItem | undefined> {
  return User.query.byEmail(email).first();
}

/** The flags the permission mapping reads; the agent type comes from the linked agent record. */
export function userFlags(user: UserItem, agentType?: 0 | 1 | 2): UserFlags {
  return {
    kind: user.kind,
    isAdmin: user.isAdmin,
    isManager: user.isManager,
    isLeadConnectHome: user.isLeadConnectHome,
    isSalesAssistant: user.isSalesAssistant,
    isSponsorAgent: user.isSponsorAgent,
    isFundPreview: user.isFundPreview,
    ...(user.kind === 'vendor' && user.vendorId ? { vendorId: user.vendorId, vendorRole: user.vendorRole ?? 'readOnly' } : {}),
    ...(agentType !== undefined ? { agentType } : {}),
  };
}

/**
 * Stamp an agent's Last Login (My Team, Agents). A sales assistant signing in to view an agent's
 * account is not that agent logging in, and staff have no agent record.
 */
export async function recordLogin(user: UserItem, now = new Date()): Promise<void> {
  if (!user.agentId || user.isSalesAssistant) return;
  // The stamp reaches the agents list's Last Login through the directory view (docs/data-model.md §8).
  await stampLastLogin(user.agentId, now);
}

export { permissionsFor, rolesFor };
