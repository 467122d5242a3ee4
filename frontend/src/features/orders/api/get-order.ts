// GET /api/agent/{agentId}/orders/{orderId}: the order an edit wizard starts from (spec part 2 §4), or
// null when the agent has no such order (the wizard then goes back to the list).
import { queryOptions } from '@tanstack/react-query';
import { ApiError, callApi } from '@/api/client.ts';
import { orderKeys } from './order-keys.ts';

export async function getOrderOrMissing(agentId: string, orderId: string, signal?: AbortSignal) {
  try {
    return await callApi('orders.get', { params: { agentId, orderId }, signal });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const editOrderQueryOptions = (agentId: string, orderId: string) =>
  queryOptions({
    queryKey: orderKeys.order(agentId, orderId),
    queryFn: ({ signal }) => getOrderOrMissing(agentId, orderId, signal),
    // The wizard starts from what the server has now: its Revision is what the save is checked against.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
