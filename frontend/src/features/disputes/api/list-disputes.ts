// GET /api/disputes?status=&cursor=: the staff dispute queue of one status, 25 a page; "Show more"
// follows the server's cursor.
import { infiniteQueryOptions, useSuspenseInfiniteQuery } from '@tanstack/react-query';
import type { DisputeStatusValue } from '#shared/api/disputes.ts';
import { callApi } from '@/api/client.ts';
import { disputeKeys } from './dispute-keys.ts';

export const listDisputes = (status: DisputeStatusValue, cursor: string | undefined, signal?: AbortSignal) =>
  callApi('leads.disputeQueue', { query: { status, ...(cursor ? { cursor } : {}) }, signal });

export const disputesQueryOptions = (status: DisputeStatusValue) =>
  infiniteQueryOptions({
    queryKey: disputeKeys.queue(status),
    queryFn: ({ pageParam, signal }) => listDisputes(status, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.NextCursor,
    staleTime: 0,
  });

export function useDisputes(status: DisputeStatusValue) {
  const query = useSuspenseInfiniteQuery(disputesQueryOptions(status));
  return { ...query, disputes: query.data.pages.flatMap((p) => p.Disputes) };
}
