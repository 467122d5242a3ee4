// GET /api/agent/{agentId}/agentOrders/{activeOnly}: the agent's orders for My Orders (spec part 2 §2,
// §7): 'true' answers Active and Paused orders (on load), 'false' every order, Cancelled too.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { orderKeys } from './order-keys.ts';

export const listOrders = (agentId: string, activeOnly: boolean, signal?: AbortSignal) =>
  callApi('orders.list', { params: { agentId, activeOnly: activeOnly ? 'true' : 'false' }, signal });

export const ordersQueryOptions = (agentId: string, activeOnly: boolean) =>
  queryOptions({ queryKey: orderKeys.list(agentId, activeOnly), queryFn: ({ signal }) => listOrders(agentId, activeOnly, signal) });

/**
 * Not suspending: a failed call is only logged and the list shows as empty (part 2 §8), and the
 * previous answer stays on screen while the wider list loads.
 */
export const useOrders = (agentId: string, activeOnly: boolean) =>
  useQuery({ ...ordersQueryOptions(agentId, activeOnly), placeholderData: (previous) => previous });
