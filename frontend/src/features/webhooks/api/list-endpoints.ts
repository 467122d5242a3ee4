// GET /api/webhooks/endpoints?cursor=: the staff list of every agent's CRM endpoints, failing ones first
// (the longest failing first), then by agent; "Load more" follows the server's cursor.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { staffEndpointsKey } from './webhook-keys.ts';

export const staffEndpointsQueryOptions = infiniteQueryOptions({
  queryKey: staffEndpointsKey,
  queryFn: ({ pageParam, signal }) => callApi('webhooks.endpoints', { query: pageParam ? { cursor: pageParam } : {}, signal }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.Cursor ?? undefined,
  staleTime: 0,
});

export function useStaffEndpoints() {
  const query = useInfiniteQuery(staffEndpointsQueryOptions);
  return { ...query, endpoints: query.data?.pages.flatMap((p) => p.Endpoints) ?? [] };
}
