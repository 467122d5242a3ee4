// GET /api/agent/{agentId}/webhooks/{endpointId}/deliveries?cursor=: an endpoint's delivery log, newest
// first; "Load more" follows the server's cursor. Not suspending: the log opens in a dialog.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { deliveriesKey } from './webhook-keys.ts';

export const listDeliveries = (agentId: string, endpointId: string, cursor: string | undefined, signal?: AbortSignal) =>
  callApi('webhooks.deliveries', { params: { agentId, endpointId }, query: cursor ? { cursor } : {}, signal });

export const deliveriesQueryOptions = (agentId: string, endpointId: string) =>
  infiniteQueryOptions({
    queryKey: deliveriesKey(agentId, endpointId),
    queryFn: ({ pageParam, signal }) => listDeliveries(agentId, endpointId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.Cursor ?? undefined,
    // Retries change a delivery's state while the log is open.
    staleTime: 0,
  });

export function useDeliveries(agentId: string, endpointId: string) {
  const query = useInfiniteQuery(deliveriesQueryOptions(agentId, endpointId));
  return { ...query, deliveries: query.data?.pages.flatMap((p) => p.Deliveries) ?? [] };
}
