// GET /api/sales/lob/{contractNumber} (public): which form the contract's line of business uses. Read
// once per contract number; a refusal is an answer the page shows ('Oops!'), so it is not retried.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, callApi } from '@/api/client.ts';

export const salesFormKeys = {
  all: ['salesForms'] as const,
  lob: (contractNumber: string) => [...salesFormKeys.all, 'lob', contractNumber] as const,
};

export const contractLobQueryOptions = (contractNumber: string) =>
  queryOptions({
    queryKey: salesFormKeys.lob(contractNumber),
    queryFn: ({ signal }) => callApi('sales.lob', { params: { contractNumber }, signal }),
    staleTime: Infinity,
    // A lost connection is worth another try; an answer (404, 400, 429) is not.
    retry: (failures, error) => error instanceof ApiError && error.status === 0 && failures < 2,
  });

export function useContractLob(contractNumber: string | undefined) {
  return useQuery({ ...contractLobQueryOptions(contractNumber ?? ''), enabled: !!contractNumber });
}
