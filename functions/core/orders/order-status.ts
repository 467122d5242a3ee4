// Changing an order's status (spec part 2 §4 Order status, §6): the card toggle (Active ↔ Paused),
// Cancel (→ Cancelled) and Reactivate (Cancelled → Paused). One transaction: the header under the
// status read (a change made meanwhile is refused, never overwritten), a status history row, and the
// routing targets put into the open-orders index (Active) or taken out of it (Paused, Cancelled). The
// Open Orders report's row and the lead engine's change log follow from the header's stream record.
import { AgentProfile } from '#entities/agent-profile.ts';
import { Order } from '#entities/order.ts';
import { OrderStatusHistory } from '#entities/order-status-history.ts';
import { OrderTarget } from '#entities/order-target.ts';
import { transactWrite } from '#platform/db.ts';
import { getMany } from '#platform/entity.ts';
import { Conflict, NotFound, ValidationFailed } from '#platform/errors.ts';
import type { SessionUser } from '#platform/session-user.ts';
import { isAllowedStatusChange, ORDER_SERVER_MESSAGES, ORDER_STATUS, ORDER_STATUS_LABELS, ORDER_WIZARD_TEXTS, type AttentionReason, type OrderStatus } from '#shared/orders/order.ts';
import { fundsUnavailable, readOrderCatalogue } from './catalogue.ts';
import { statusHistoryRow } from './histories.ts';
import { assertMaySetStatus } from './order-access.ts';

const DESCRIPTIONS: Record<OrderStatus, string> = {
  [ORDER_STATUS.Active]: 'Order activated',
  [ORDER_STATUS.Paused]: 'Order paused',
  [ORDER_STATUS.Cancelled]: 'Order cancelled',
};

export async function setOrderStatus(user: SessionUser, agentId: string, orderId: string, to: OrderStatus, now = new Date()): Promise<Order> {
  const { order, owner } = await getMany({ order: Order.ref({ orderId }), owner: AgentProfile.ref({ agentId }) }, { consistent: true });
  if (!order || order.agentId !== agentId) throw new NotFound(ORDER_SERVER_MESSAGES.notFound);
  const from = order.status;
  if (!isAllowedStatusChange(from, to)) throw new ValidationFailed(ORDER_SERVER_MESSAGES.statusChange(ORDER_STATUS_LABELS[from], ORDER_STATUS_LABELS[to]));
  assertMaySetStatus(user, agentId, from, to, owner?.role);

  // FundsInactive is about Active orders only: judged when an order becomes Active, dropped otherwise.
  const attention: AttentionReason[] = order.attention.filter((a) => a !== 'FundsInactive');
  if (to === ORDER_STATUS.Active && order.isFundOrder && fundsUnavailable(order.selectedFundIds, await readOrderCatalogue({ funds: true }), now))
    attention.push('FundsInactive');
  const changed: Order = { ...order, status: to, attention, lastUpdated: now.toISOString(), modifiedBy: user.email, revision: order.revision + 1 };
  await transactWrite([
    Order.patchTx(
      { orderId },
      { set: { status: to, attention, lastUpdated: changed.lastUpdated, modifiedBy: changed.modifiedBy, revision: changed.revision } },
      {
        current: order,
        condition: { expression: '#st = :from AND #rev = :rev', names: { '#st': 'status', '#rev': 'revision' }, values: { ':from': from, ':rev': order.revision } },
        orFail: () => new Conflict(ORDER_WIZARD_TEXTS.stale),
      },
    ),
    OrderStatusHistory.createTx(statusHistoryRow(orderId, user.email, from, to, DESCRIPTIONS[to], now)),
    ...order.targetStates.map((state) => OrderTarget.patchTx({ orderId, state }, { set: { active: to === ORDER_STATUS.Active, agentId, revision: changed.revision } })),
  ]);
  return changed;
}
