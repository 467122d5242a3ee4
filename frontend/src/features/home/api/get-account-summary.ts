// GET /api/accountsummary: the numbers of Home's Account Summary, Lead Intake and Calls Today cards
// (spec part 1 §3 "Account summary") for the signed-in agent.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi } from '@/api/client.ts';
import { homeKeys } from './home-keys.ts';

const accountSummarySchema = z.object({
  /** Dollars. */
  AgentBalance: z.number(),
  TotalActiveOrder: z.number(),
  TotalInactiveOrders: z.number(),
  TotalPendingDisputes: z.number(),
  TotalLeadsCapacityByHour: z.number(),
  TotalLeadsCapacityByDay: z.number(),
  TotalLeadsCapacityByWeek: z.number(),
  TotalLeadsCapacityByMonth: z.number(),
  TotalAcceptedCalls: z.number(),
  TotalWonCalls: z.number(),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

export const getAccountSummary = (signal?: AbortSignal) => callApi('account.summary', { schema: accountSummarySchema, signal });

export const accountSummaryQueryOptions = queryOptions({
  queryKey: homeKeys.accountSummary,
  queryFn: ({ signal }) => getAccountSummary(signal),
});

/** Not a suspense query: a failed call shows each card's error text instead of failing the page. */
export const useAccountSummary = () => useQuery(accountSummaryQueryOptions);
