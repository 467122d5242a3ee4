// GET /api/fund/{fundId}: the fund the Edit Fund form starts from, with its revision.
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { fundKeys } from './fund-keys.ts';

export const getFund = (fundId: string, signal?: AbortSignal) => callApi('funds.get', { params: { fundId }, signal });

export const fundQueryOptions = (fundId: string) =>
  queryOptions({ queryKey: fundKeys.detail(fundId), queryFn: ({ signal }) => getFund(fundId, signal), staleTime: 0 });

export const useFund = (fundId: string) => useSuspenseQuery(fundQueryOptions(fundId)).data;
