// GET agent/{agentId}/orders/export: My Orders as CSV in the exports bucket, answered with a download
// link (literal `export` wins over the `{orderId}` route, locally and in API Gateway).
import { exportOrders as writeExport } from '#core/orders/order-export.ts';
import { ok, route } from '#platform/http.ts';

export const exportOrders = route('orders.openOrdersExport', {
  handle: async ({ params, query }) => {
    const file = await writeExport(params.agentId, { fund: query.fund === 'true', includeCancelled: query.includeCancelled === 'true' });
    return ok({ Url: file.url, FileName: file.fileName });
  },
});
