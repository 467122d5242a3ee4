// GET agent/{agentId}/orderswithtermed and .../orderswithreassigned (spec part 2 §7): the agent's
// orders whose distribution holds a terminated agent, or that were reassigned, for My Orders' "Orders
// that need attention" banner and the card warnings.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { orderKeys } from './order-keys.ts';

export const ordersWithTermedQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: orderKeys.withTermed(agentId),
    queryFn: ({ signal }) => callApi('orders.withTermed', { params: { agentId }, signal }),
  });

export const ordersWithReassignedQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: orderKeys.withReassigned(agentId),
    queryFn: ({ signal }) => callApi('orders.withReassigned', { params: { agentId }, signal }),
  });

/** Both lists; a failed call counts as no order (part 2 §8: only logged). */
export function useAttentionOrders(agentId: string) {
  const termed = useQuery(ordersWithTermedQueryOptions(agentId));
  const reassigned = useQuery(ordersWithReassignedQueryOptions(agentId));
  return { termed: termed.data ?? [], reassigned: reassigned.data ?? [] };
}
