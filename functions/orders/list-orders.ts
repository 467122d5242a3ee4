// GET agent/{agentId}/agentOrders/{activeOnly} (My Orders, newest first by Created; `true` leaves
// Cancelled orders out) and the two attention lists behind the "needs attention" banner.
import { listOrderViews, ordersWithReassigned, ordersWithTermed } from '#core/orders/read-orders.ts';
import { ok, route } from '#platform/http.ts';
import { toOrderSummary } from './order-shapes.ts';

export const listOrders = route('orders.list', {
  handle: async ({ params }) => ok((await listOrderViews(params.agentId, { activeOnly: params.activeOnly === 'true' })).map(toOrderSummary)),
});

export const listOrdersWithTermed = route('orders.withTermed', {
  handle: async ({ params }) => ok((await ordersWithTermed(params.agentId)).map(toOrderSummary)),
});

export const listOrdersWithReassigned = route('orders.withReassigned', {
  handle: async ({ params }) => ok((await ordersWithReassigned(params.agentId)).map(toOrderSummary)),
});
