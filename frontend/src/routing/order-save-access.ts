// Whether an order wizard route may open for the signed-in user: only when the save it ends in is one
// the server would take (spec part 2 §6 "managers and support in admin view cannot create orders").
// The server decides each save by the manifest entry of the save route (its permissions) and by
// shared/orders/order-access.ts; this asks the same two, so the page is refused before it opens instead
// of Agree & Save failing at the end. The server keeps checking every save itself. The agent's own
// wizard routes save to the signed-in user's agent account, so they also need one (staff have none)
// and CAN_CREATE_ORDERS (a sales assistant reads the agent's orders and saves none).
import type { FeatureFlags } from '@/api/get-feature-flags.ts';
import type { User } from '@/api/get-me.ts';
import { routeById, type RouteId } from '#shared/manifest.ts';
import { orderSaveRefusal } from '#shared/orders/order-access.ts';
import type { PageAccess } from './page-access.ts';

/** The save each wizard ends in: POST for a new order, PATCH or PUT for an edit. */
const SAVE_ROUTES = {
  fund: { create: 'orders.createFundOrder', edit: 'orders.updateFundOrder' },
  campaign: { create: 'orders.create', edit: 'orders.update' },
} as const satisfies Record<'fund' | 'campaign', Record<'create' | 'edit', RouteId>>;

export interface OrderWizardTarget {
  flow: 'fund' | 'campaign';
  creating: boolean;
  /** Whose order the wizard writes: the admin route's agentID. */
  agentId: string;
}

export function orderSaveAccess(user: Pick<User, 'AgentId' | 'IsAdmin' | 'Permissions'>, flags: Pick<FeatureFlags, 'newFundOrderForStaff'>, target: OrderWizardTarget): PageAccess {
  const refusal = orderSaveRefusal({ agentId: user.AgentId, isAdmin: user.IsAdmin }, target.agentId, {
    flow: target.flow,
    creating: target.creating,
    staffMayCreateFundOrders: flags.newFundOrderForStaff,
  });
  // Whoever the rule refuses, no permission would help: only an admin would be let in.
  if (refusal) return { allowed: false, of: 'roles', missing: ['admin'] };
  const save = routeById(SAVE_ROUTES[target.flow][target.creating ? 'create' : 'edit']);
  const needed = save?.access?.anyPermission ?? [];
  if (needed.length > 0 && !needed.some((p) => user.Permissions.includes(p))) return { allowed: false, of: 'permissions', missing: needed };
  return { allowed: true };
}

/**
 * The signed-in agent's own wizard routes (/fundOrder/{orderID}, /order/new, /order/edit/{orderID}): the
 * order is the user's own, so a user with no agent account has none to save to and is refused; otherwise
 * the admin routes' rule for the user's own id. An edit reads the order under that id, so another agent's
 * order id is not found there and the wizard goes back to the user's list.
 */
export function ownOrderSaveAccess(user: Pick<User, 'AgentId' | 'IsAdmin' | 'Permissions'>, flags: Pick<FeatureFlags, 'newFundOrderForStaff'>, target: Omit<OrderWizardTarget, 'agentId'>): PageAccess {
  if (!user.AgentId) return { allowed: false, of: 'agentAccount' };
  // Creating or editing one's own order is CAN_CREATE_ORDERS (My Orders' New and Edit): a sales
  // assistant reads the agent's fund orders but the server refuses every save they make.
  if (!user.Permissions.includes('CAN_CREATE_ORDERS')) return { allowed: false, of: 'permissions', missing: ['CAN_CREATE_ORDERS'] };
  return orderSaveAccess(user, flags, { ...target, agentId: user.AgentId });
}
