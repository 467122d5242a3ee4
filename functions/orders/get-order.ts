// GET agent/{agentId}/orders/{orderId} (the order to edit, with its geography) and
// GET agent/{agentId}/orderdetails/{orderId} (Geos and Schedule dialogs). Another agent's order is a 404.
import { getOrderView } from '#core/orders/read-orders.ts';
import { ok, route } from '#platform/http.ts';
import { toOrder, toOrderDetails } from './order-shapes.ts';

export const getOrder = route('orders.get', {
  handle: async ({ params }) => ok(toOrder(await getOrderView(params.agentId, params.orderId))),
});

export const getOrderDetails = route('orders.details', {
  handle: async ({ params }) => ok(toOrderDetails(await getOrderView(params.agentId, params.orderId))),
});
