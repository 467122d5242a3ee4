// GET .../orders/{orderId}/history and .../statusHistory: newest first; the dialogs page and filter them.
import { orderHistory, orderStatusHistory } from '#core/orders/histories.ts';
import { ok, route } from '#platform/http.ts';
import { toHistoryRow, toStatusHistoryRow } from './order-shapes.ts';

export const listOrderHistory = route('orders.history', {
  handle: async ({ params }) => ok((await orderHistory(params.agentId, params.orderId)).map(toHistoryRow)),
});

export const listOrderStatusHistory = route('orders.statusHistory', {
  handle: async ({ params }) => ok((await orderStatusHistory(params.agentId, params.orderId)).map(toStatusHistoryRow)),
});
