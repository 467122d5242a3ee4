// GET /api/webhooks/failures: the staff view of deliveries across agents that are failing, parked ones
// first, then retrying ones, the longest failing first (the server's order, kept).
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { failuresKey } from './webhook-keys.ts';

export const failuresQueryOptions = queryOptions({
  queryKey: failuresKey,
  queryFn: ({ signal }) => callApi('webhooks.failures', { signal }),
  staleTime: 0,
});

export const useFailures = () => useSuspenseQuery(failuresQueryOptions).data.Deliveries;
