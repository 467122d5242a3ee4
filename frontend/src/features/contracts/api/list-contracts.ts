// GET /api/contracts: every contract map, oldest first, with its campaign's name (spec part 3 §7).
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { contractKeys } from './contract-keys.ts';

export const listContracts = (signal?: AbortSignal) => callApi('contracts.list', { signal });

export const contractsQueryOptions = queryOptions({ queryKey: contractKeys.list(), queryFn: ({ signal }) => listContracts(signal) });

export const useContracts = () => useSuspenseQuery(contractsQueryOptions).data;
