// The signed-in caller as every handler sees it.
import type { Permission, Role, UserFlags } from '#shared/permissions.ts';

export interface SessionUser {
  userId: string;
  sessionId: string;
  email: string;
  name: string;
  /** The agent this user acts for (agents and sales assistants); staff have none. */
  agentId?: string;
  flags: UserFlags;
  permissions: Permission[];
  roles: Role[];
}
