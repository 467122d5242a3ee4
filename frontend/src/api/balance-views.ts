// Every query that shows a balance, and the one call that refreshes them all after money moves (a
// transfer, a card top-up, a Pro Store change): the header's user, Home's Account Summary, the
// agent's transaction history, the agent lists' Current Balance column and the low-balance alert. Each is invalidated by
// its own key, so nothing else is refetched.
import type { QueryClient } from '@tanstack/react-query';
import { balanceAlertsKey } from './get-balance-alerts.ts';
import { meQueryOptions } from './get-me.ts';
import { transactionsKeyOf } from './transactions-key.ts';

/** GET /api/accountsummary: Home's Account Summary (Current Balance), Lead Intake and Calls Today. */
export const ACCOUNT_SUMMARY_KEY = ['accountsummary'] as const;
/** GET /api/agent pages (My Team, Agents): each row carries a Current Balance. */
export const AGENT_LIST_KEY = ['agent', 'list'] as const;

/**
 * Refetches every view of `agentId`'s balance that is on screen and marks the others stale. The
 * agent lists are included because the other side of a transfer may be a row of them.
 */
export function invalidateBalanceViews(queryClient: QueryClient, agentId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: ACCOUNT_SUMMARY_KEY, exact: true }),
    queryClient.invalidateQueries({ queryKey: transactionsKeyOf(agentId) }),
    queryClient.invalidateQueries({ queryKey: AGENT_LIST_KEY }),
    // The low-balance banner and the Settings form show the balance against the alert threshold.
    queryClient.invalidateQueries({ queryKey: balanceAlertsKey(agentId), exact: true }),
  ]);
}
