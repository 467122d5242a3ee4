// GET /api/accountsummary: the numbers of Home's Account Summary, Lead Intake and Calls Today cards
// (spec part 1 §3 "Account summary") for the signed-in agent.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '#shared/api/index.ts';
import { callApi } from '@/api/client.ts';
import { homeKeys } from './home-keys.ts';

export type AccountSummary = ResponseOf<'account.summary'>;

export const getAccountSummary = (signal?: AbortSignal) => callApi('account.summary', { signal });

export const accountSummaryQueryOptions = queryOptions({
  queryKey: homeKeys.accountSummary,
  queryFn: ({ signal }) => getAccountSummary(signal),
});

/** Not a suspense query: a failed call shows each card's error text instead of failing the page. */
export const useAccountSummary = () => useQuery(accountSummaryQueryOptions);
