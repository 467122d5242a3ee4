// Who may save or change the status of whose order (spec part 2 §6, part 3 §6), decided on the server
// whatever the screens show. The manifest already let the caller in (permission, and an agent only for
// themselves; sales assistants never write); these are the rules for staff acting for an agent.
import { Forbidden } from '#platform/errors.ts';
import type { SessionUser } from '#platform/session-user.ts';
import { ORDER_SERVER_MESSAGES, ORDER_STATUS, type OrderStatus } from '#shared/orders/order.ts';
import { orderSaveRefusal, type OrderSave } from '#shared/orders/order-access.ts';

/** The caller acts on their own account (an agent, or a manager who is also that agent). */
const actsForSelf = (user: SessionUser, agentId: string) => user.agentId === agentId;

/**
 * Creating or editing an order of `agentId`: the rule of shared/orders/order-access.ts, which the
 * wizards' admin routes also check before they open.
 */
export function assertMaySaveOrder(user: SessionUser, agentId: string, how: OrderSave): void {
  const refusal = orderSaveRefusal({ agentId: user.agentId, isAdmin: user.flags.isAdmin }, agentId, how);
  if (refusal) throw new Forbidden(ORDER_SERVER_MESSAGES[refusal]);
}

/**
 * Changing an order's status. Managers (not admins) acting for another agent cannot cancel or
 * reactivate, and may switch Active and Paused only as a sponsor agent for an agent whose role is
 * `subagent`. Admins, support and the agent themselves may make any allowed change.
 */
export function assertMaySetStatus(user: SessionUser, agentId: string, from: OrderStatus, to: OrderStatus, ownerRole: string | undefined): void {
  if (actsForSelf(user, agentId) || user.flags.isAdmin || !user.flags.isManager) return;
  if (from === ORDER_STATUS.Cancelled || to === ORDER_STATUS.Cancelled) throw new Forbidden(ORDER_SERVER_MESSAGES.managerCannotCancel);
  if (!user.flags.isSponsorAgent || ownerRole !== 'subagent') throw new Forbidden(ORDER_SERVER_MESSAGES.managerCannotToggle);
}
