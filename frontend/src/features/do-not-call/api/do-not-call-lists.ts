// The do-not-call lists (issue 24): GET /api/doNotCall (every list with its count and last upload),
// POST /api/doNotCall/upload (a ticket for a list's CSV), PATCH /api/doNotCall/{listId} (on or off),
// GET /api/doNotCall/refusals (the leads the lists refused in a range, by vendor).
import { queryOptions, useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import type { DncUploadRequest } from '#shared/api/do-not-call.ts';

export const DNC_LISTS_KEY = ['doNotCall', 'lists'] as const;

export const dncListsQueryOptions = () =>
  queryOptions({
    queryKey: DNC_LISTS_KEY,
    queryFn: ({ signal }) => callApi('campaigns.doNotCallLists', { signal }),
  });

export const useDncLists = () => useSuspenseQuery(dncListsQueryOptions());

export const dncRefusalsQueryOptions = (range: { from: string; to: string }) =>
  queryOptions({
    queryKey: ['doNotCall', 'refusals', range.from, range.to] as const,
    queryFn: ({ signal }) => callApi('campaigns.doNotCallRefusals', { query: range, signal }),
    // Leads keep arriving: coming back a minute later reads the figures again.
    staleTime: 60_000,
  });

export const useDncRefusals = (range: { from: string; to: string }) => useQuery(dncRefusalsQueryOptions(range));

export const requestDncUpload = (body: DncUploadRequest) => callApi('campaigns.doNotCallUpload', { body });

export function useSetDncListActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listId, active }: { listId: string; active: boolean }) => callApi('campaigns.doNotCallList', { params: { listId }, body: { Active: active } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: DNC_LISTS_KEY, exact: true }),
  });
}
