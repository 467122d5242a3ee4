import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { accountSummaryQueryOptions } from '@/features/home/api/get-account-summary.ts';
import { agentListQueryOptions } from '@/features/team/api/list-agents.ts';
import { transactionsQueryOptions } from '@/features/account/api/get-transactions.ts';
import { invalidateBalanceViews } from './balance-views.ts';
import { configsQueryOptions } from './get-configs.ts';
import { meQueryOptions } from './get-me.ts';

/** A client holding one cached answer per query below, none of them stale. */
function clientWithViews() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const keys: Record<string, readonly unknown[]> = {
    me: meQueryOptions.queryKey,
    accountSummary: accountSummaryQueryOptions.queryKey,
    transactions: transactionsQueryOptions({ agentId: 'A000001', startDate: '2026-11-18', endDate: '2026-11-23', page: 1 }).queryKey,
    otherTransactions: transactionsQueryOptions({ agentId: 'A000009', startDate: '2026-11-18', endDate: '2026-11-23', page: 1 }).queryKey,
    team: agentListQueryOptions({ PageNumber: 1, PageSize: 25, SortColumnName: 'LastName', SortOrder: false }).queryKey,
    configs: configsQueryOptions.queryKey,
  };
  for (const key of Object.values(keys)) client.setQueryData(key, {});
  const invalidated = () =>
    Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, client.getQueryState(key)?.isInvalidated ?? false]));
  return { client, invalidated };
}

describe('invalidateBalanceViews', () => {
  it("marks every view of the agent's balance stale, the header's, Home's Account Summary, the history and the agent lists, and nothing else", async () => {
    const { client, invalidated } = clientWithViews();
    await invalidateBalanceViews(client, 'A000001');
    expect(invalidated()).toEqual({ me: true, accountSummary: true, transactions: true, otherTransactions: false, team: true, configs: false });
  });
});
