// GET /api/fund: every fund for staff (spec part 3 §2 Funds Summary), sorted by name by the server.
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { fundKeys } from './fund-keys.ts';

export const listFunds = (signal?: AbortSignal) => callApi('funds.list', { signal });

export const fundsSummaryQueryOptions = queryOptions({ queryKey: fundKeys.summary(), queryFn: ({ signal }) => listFunds(signal) });

export const useFundsSummary = () => useSuspenseQuery(fundsSummaryQueryOptions).data;
