// PATCH agent/{agentId}/orders/{orderId}/status/{statusCode}: toggle, Cancel or Reactivate. The
// `userName` query of the spec's call is ignored: the session says who changed it.
import { setOrderStatus } from '#core/orders/order-status.ts';
import { getOrderView } from '#core/orders/read-orders.ts';
import { ok, route } from '#platform/http.ts';
import type { OrderStatus } from '#shared/orders/order.ts';
import { toOrderSummary } from './order-shapes.ts';

export const patchOrderStatus = route('orders.setStatus', {
  handle: async ({ user, params }) => {
    await setOrderStatus(user, params.agentId, params.orderId, params.statusCode as OrderStatus);
    return ok(toOrderSummary(await getOrderView(params.agentId, params.orderId)));
  },
});
