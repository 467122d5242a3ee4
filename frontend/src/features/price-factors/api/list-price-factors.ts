// GET /api/PriceFactors: the whole set, by Key then Min (the table pages it 20 at a time).
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { priceFactorKeys } from './price-factors-keys.ts';

export const priceFactorsQueryOptions = () =>
  queryOptions({
    queryKey: priceFactorKeys.list(),
    queryFn: ({ signal }) => callApi('priceFactors.list', { signal }),
  });

export const usePriceFactors = () => useSuspenseQuery(priceFactorsQueryOptions());
