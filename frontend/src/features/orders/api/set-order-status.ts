// PATCH /api/agent/{agentId}/orders/{orderId}/status/{statusCode} (spec part 2 §4, §7): the card's
// Active/Paused toggle, Cancel Order and Activate Order. After any change the agent's lists, attention
// lists and histories are read again (orderKeys.agent covers them all), nothing else.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '#shared/orders/order.ts';
import { callApi } from '@/api/client.ts';
import { orderKeys } from './order-keys.ts';

export interface SetOrderStatus {
  agentId: string;
  orderId: string;
  status: OrderStatus;
}

export const setOrderStatus = ({ agentId, orderId, status }: SetOrderStatus) =>
  callApi('orders.setStatus', { params: { agentId, orderId, statusCode: String(status) } });

export function useSetOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOrderStatus,
    onSettled: (_, __, { agentId }) => queryClient.invalidateQueries({ queryKey: orderKeys.agent(agentId) }),
  });
}
