// GET /api/fund for the fund order wizard's Select Funds step (spec part 2 §6): the server filters the
// list by the caller's agent type and id; staff get every fund, active or not.
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';

export const orderFundsQueryOptions = queryOptions({
  queryKey: ['order-wizard', 'funds'] as const,
  queryFn: ({ signal }) => callApi('funds.list', { signal }),
  staleTime: 60_000,
});
