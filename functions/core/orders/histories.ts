// An order's modification history (a snapshot per save) and status history (a row per status change),
// both written inside the transaction of the change they record, and read newest first.
import { randomUUID } from 'node:crypto';
import type { AgentProfile } from '#entities/agent-profile.ts';
import { Order } from '#entities/order.ts';
import { OrderHistory } from '#entities/order-history.ts';
import { OrderStatusHistory } from '#entities/order-status-history.ts';
import { NotFound } from '#platform/errors.ts';
import { ORDER_SERVER_MESSAGES, ORDER_STATUS_LABELS, type OrderStatus } from '#shared/orders/order.ts';
import type { OrderCatalogue } from './catalogue.ts';

export function historySnapshot(order: Order, states: readonly string[], owner: AgentProfile, catalogue: OrderCatalogue, zips: readonly string[] = []): OrderHistory {
  return {
    orderId: order.orderId,
    historyId: randomUUID(),
    lastUpdated: order.lastUpdated,
    status: ORDER_STATUS_LABELS[order.status],
    modifiedBy: order.modifiedBy,
    primary: `${owner.firstName} ${owner.lastName} (${owner.agentId})`,
    description: order.description,
    maxPerHour: order.maxPerHour,
    maxPerDay: order.maxPerDay,
    maxPerWeek: order.maxPerWeek,
    maxPerMonth: order.maxPerMonth,
    funds: order.selectedFundIds.map((id) => catalogue.funds.get(id)?.name ?? id),
    campaigns: order.campaigns.map((c) => {
      const vendors = c.vendorIds.map((v) => catalogue.vendors.get(v)?.name ?? v).join(', ');
      return `${catalogue.campaigns.get(c.campaignId)?.name ?? c.campaignId} (${vendors})`;
    }),
    zipCodes: [...zips],
    states: [...states],
  };
}

export function statusHistoryRow(orderId: string, userName: string, from: OrderStatus | undefined, to: OrderStatus, description: string, now: Date): OrderStatusHistory {
  return {
    orderId,
    statusHistoryId: randomUUID(),
    updateDate: now.toISOString(),
    userName,
    previousState: from === undefined ? '' : ORDER_STATUS_LABELS[from],
    newStatus: ORDER_STATUS_LABELS[to],
    description,
  };
}

async function requireOrderOf(agentId: string, orderId: string): Promise<Order> {
  const order = await Order.get({ orderId });
  if (!order || order.agentId !== agentId) throw new NotFound(ORDER_SERVER_MESSAGES.notFound);
  return order;
}

/** Modification history, newest first (404 unless the order is the agent's). */
export async function orderHistory(agentId: string, orderId: string): Promise<OrderHistory[]> {
  await requireOrderOf(agentId, orderId);
  return OrderHistory.query.ofOrder(orderId).all({ newestFirst: true });
}

/** Status history, newest first (404 unless the order is the agent's). */
export async function orderStatusHistory(agentId: string, orderId: string): Promise<OrderStatusHistory[]> {
  await requireOrderOf(agentId, orderId);
  return OrderStatusHistory.query.ofOrder(orderId).all({ newestFirst: true });
}
