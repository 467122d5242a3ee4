// GET .../orders/{orderId}/history and .../statusHistory (spec part 2 §2, §7): the Modification History
// and Status History dialogs' rows, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { orderKeys } from './order-keys.ts';

export const orderHistoryQueryOptions = (agentId: string, orderId: string) =>
  queryOptions({
    queryKey: orderKeys.history(agentId, orderId),
    queryFn: ({ signal }) => callApi('orders.history', { params: { agentId, orderId }, signal }),
  });

export const orderStatusHistoryQueryOptions = (agentId: string, orderId: string) =>
  queryOptions({
    queryKey: orderKeys.statusHistory(agentId, orderId),
    queryFn: ({ signal }) => callApi('orders.statusHistory', { params: { agentId, orderId }, signal }),
  });

export const useOrderHistory = (agentId: string, orderId: string) => useQuery(orderHistoryQueryOptions(agentId, orderId));
export const useOrderStatusHistory = (agentId: string, orderId: string) => useQuery(orderStatusHistoryQueryOptions(agentId, orderId));
