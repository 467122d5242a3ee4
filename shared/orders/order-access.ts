// Who may save whose order (spec part 2 §6, part 3 §6): the one rule the server enforces on every save
// (functions/core/orders/order-access.ts) and the order wizards' admin routes check before they open,
// so a wizard never opens for a save the server would refuse.
import type { ORDER_SERVER_MESSAGES } from './order.ts';

/** Which of the server's refusals a save meets (the key of its message in ORDER_SERVER_MESSAGES). */
export type OrderSaveRefusal = keyof Pick<typeof ORDER_SERVER_MESSAGES, 'staffCannotCreate' | 'staffCannotEdit'>;

export interface OrderSaver {
  /** The agent the signed-in user is (agents, and staff who are also an agent); staff have none. */
  agentId: string | null | undefined;
  isAdmin: boolean;
}

export interface OrderSave {
  flow: 'fund' | 'campaign';
  creating: boolean;
  /** FLAG_NEW_FUND_ORDER_FOR_STAFF: the flag that shows managers and support New Fund Order. */
  staffMayCreateFundOrders: boolean;
}

/**
 * Saving an order of `agentId`. Anyone may save their own, admins anyone's (the admin wizard routes);
 * managers and support may not create orders for an agent, except fund orders while the flag that shows
 * them New Fund Order is on; only admins edit another agent's order (the Edit link's rule).
 */
export function orderSaveRefusal(saver: OrderSaver, agentId: string, save: OrderSave): OrderSaveRefusal | undefined {
  if (saver.agentId === agentId || saver.isAdmin) return undefined;
  if (save.creating) return save.flow === 'fund' && save.staffMayCreateFundOrders ? undefined : 'staffCannotCreate';
  return 'staffCannotEdit';
}
