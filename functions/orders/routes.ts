// Route handlers of the orders area, keyed by manifest route id. Routes missing here answer 501.
import type { AreaRoutes } from '#platform/http.ts';
import { exportOrders } from './export-orders.ts';
import { getOrder, getOrderDetails } from './get-order.ts';
import { listOrderHistory, listOrderStatusHistory } from './list-histories.ts';
import { listOrders, listOrdersWithReassigned, listOrdersWithTermed } from './list-orders.ts';
import { patchOrder, postFundOrder, postOrder, putFundOrder } from './save-order.ts';
import { postFillRatePreview } from './preview-fill-rate.ts';
import { patchOrderStatus } from './set-order-status.ts';

export const routes: AreaRoutes = {
  'orders.create': postOrder,
  'orders.update': patchOrder,
  'orders.createFundOrder': postFundOrder,
  'orders.updateFundOrder': putFundOrder,
  'orders.get': getOrder,
  'orders.details': getOrderDetails,
  'orders.list': listOrders,
  'orders.withTermed': listOrdersWithTermed,
  'orders.withReassigned': listOrdersWithReassigned,
  'orders.setStatus': patchOrderStatus,
  'orders.history': listOrderHistory,
  'orders.statusHistory': listOrderStatusHistory,
  'orders.openOrdersExport': exportOrders,
  'orders.fillRatePreview': postFillRatePreview,
};
