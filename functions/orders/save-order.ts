// The four saves (spec part 2 §4 Saving, §7): the campaign flow's POST (201 with the order) and PATCH
// (204), and the fund flow's POST (201) and PUT (200 with the order). A replayed create answers 201
// with the order it saved the first time.
import { campaignDraft, createOrder, fundDraft, updateOrder } from '#core/orders/save-order.ts';
import { getOrderView } from '#core/orders/read-orders.ts';
import { ValidationFailed } from '#platform/errors.ts';
import { created, noContent, ok, route } from '#platform/http.ts';
import { ORDER_SERVER_MESSAGES } from '#shared/orders/order.ts';
import { toOrderSummary } from './order-shapes.ts';

export const postOrder = route('orders.create', {
  handle: async ({ user, params, body }) => {
    const { order } = await createOrder(user, params.agentId, campaignDraft(body));
    return created(toOrderSummary(await getOrderView(params.agentId, order.orderId)));
  },
});

export const patchOrder = route('orders.update', {
  handle: async ({ user, params, body }) => {
    await updateOrder(user, params.agentId, campaignDraft(body));
    return noContent();
  },
});

export const postFundOrder = route('orders.createFundOrder', {
  handle: async ({ user, params, body }) => {
    const { order } = await createOrder(user, params.agentId, fundDraft(body));
    return created(toOrderSummary(await getOrderView(params.agentId, order.orderId)));
  },
});

export const putFundOrder = route('orders.updateFundOrder', {
  handle: async ({ user, params, body }) => {
    if (body.OrderId !== params.orderId) throw new ValidationFailed(ORDER_SERVER_MESSAGES.orderIdMismatch);
    await updateOrder(user, params.agentId, fundDraft(body));
    return ok(toOrderSummary(await getOrderView(params.agentId, params.orderId)));
  },
});
