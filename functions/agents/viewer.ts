// Who is asking for the agent list, in the directory's terms: staff see every agent, an agent user
// sees only their own downline; the priority and credit line columns follow their permissions.
import type { DirectoryViewer } from '#core/directory/agent-directory.ts';
import { Forbidden } from '#platform/errors.ts';
import type { SessionUser } from '#platform/session-user.ts';
import { isStaff } from '#shared/permissions.ts';

export function directoryViewerOf(user: SessionUser): DirectoryViewer {
  const canSeePriority = user.permissions.includes('CAN_VIEW_EDIT_AGENT_PRIORITY');
  const canSeeCreditLine = user.permissions.includes('CAN_VIEW_EDIT_AGENT_CREDIT_LINE');
  if (isStaff(user.flags)) return { scope: { kind: 'all' }, canSeePriority, canSeeCreditLine };
  // The manifest lets only staff and agent users this far; an agent user without an agent has no team.
  if (!user.agentId) throw new Forbidden();
  return { scope: { kind: 'downline', ancestorId: user.agentId }, canSeePriority, canSeeCreditLine };
}

/** Managers (without admin) get the reduced CSV: no status, type, priority, credit line or termination date. */
export function getsReducedExport(user: SessionUser): boolean {
  return user.roles.includes('manager') && !user.roles.includes('admin');
}

/**
 * Reach decision (docs/api.md): an agent who may list agents only because order distribution needs
 * them (CAN_CREATE_ORDERS, no My Team and no Agents) sees their downline's ids and names, nothing more.
 */
export function seesDistributionOnly(user: SessionUser): boolean {
  return !user.permissions.includes('CAN_VIEW_MY_TEAM') && !user.permissions.includes('CAN_VIEW_AGENTS') && !user.permissions.includes('CAN_EDIT_FUNDS');
}
