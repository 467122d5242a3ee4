// Who may do what on My Orders (spec part 2 §6, part 3 §6). The server enforces every rule; the page
// only hides what would be refused.
import type { MeDto } from '#shared/api/me.ts';

export type OrdersViewer = Pick<MeDto, 'Permissions' | 'Roles' | 'IsAdmin' | 'IsSponsorAgent' | 'IsSalesAssistant'>;

/** The admin view: an agent's orders opened through /viewOrders or /viewFundOrders by staff. */
export interface AdminViewContext {
  /** The viewed agent has a parent agent (a subagent), read from the agent's record. */
  agentIsSubagent: boolean;
}

export interface OrderActions {
  /** The Active/Paused toggle on each card. */
  toggle: boolean;
  /** Cancel Order and Activate Order in the Options menu. */
  cancelOrActivate: boolean;
  /** The Edit link on each card. */
  edit: boolean;
  /** New Fund Order (older list) and New Order (fund list). */
  newFundOrder: boolean;
  /** Create an Order (older list). */
  newCampaignOrder: boolean;
}

const isManagerOnly = (viewer: OrdersViewer) => viewer.Roles.includes('manager') && !viewer.IsAdmin && !viewer.Roles.includes('support');
const isStaffNonAdmin = (viewer: OrdersViewer) => !viewer.IsAdmin && (viewer.Roles.includes('manager') || viewer.Roles.includes('support'));

export function orderActions(
  viewer: OrdersViewer,
  options: { admin?: AdminViewContext; newFundOrderForStaff: boolean },
): OrderActions {
  const { admin, newFundOrderForStaff } = options;
  const activates = viewer.Permissions.includes('CAN_ACTIVATE_ORDERS');
  const creates = viewer.Permissions.includes('CAN_CREATE_ORDERS') && !viewer.IsSalesAssistant;
  if (!admin) {
    return { toggle: activates, cancelOrActivate: activates, edit: creates, newFundOrder: creates, newCampaignOrder: creates };
  }
  // Managers in admin view cannot cancel or activate; they toggle only as a sponsor agent viewing a
  // subagent's orders (part 3 §6), and still need CAN_ACTIVATE_ORDERS, which the route asks for.
  const manager = isManagerOnly(viewer);
  const toggle = activates && (!manager || (viewer.IsSponsorAgent && admin.agentIsSubagent));
  const cancelOrActivate = activates && !manager;
  // Managers and support in admin view create no orders, except New Fund Order when the flag allows.
  const staff = isStaffNonAdmin(viewer);
  const newFundOrder = viewer.IsAdmin || (staff && newFundOrderForStaff);
  const newCampaignOrder = viewer.IsAdmin;
  // Edit: only the admin in admin view (2§6); the server refuses anyone else's edit of another agent's order.
  return { toggle, cancelOrActivate, edit: viewer.IsAdmin, newFundOrder, newCampaignOrder };
}
