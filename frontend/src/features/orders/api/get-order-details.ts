// GET /api/agent/{agentId}/orderdetails/{orderId}: an order's geography, slots and recipients, for the
// Order Geographies dialog of My Orders (spec part 2 §2).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { orderKeys } from './order-keys.ts';

export const orderDetailsQueryOptions = (agentId: string, orderId: string) =>
  queryOptions({
    queryKey: orderKeys.details(agentId, orderId),
    queryFn: ({ signal }) => callApi('orders.details', { params: { agentId, orderId }, signal }),
  });

export const useOrderDetails = (agentId: string, orderId: string) => useQuery(orderDetailsQueryOptions(agentId, orderId));
