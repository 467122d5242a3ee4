// GET /api/account/{agentId}/balanceAlerts: the agent's low-balance alert and auto-recharge settings,
// with whether the balance is below the alert. Read by the shell's banner and by Settings, so it lives
// here; every money movement refreshes it with the other balance views (balance-views.ts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BalanceAlertsDto } from '#shared/api/balance-alerts.ts';
import { callApi } from './client.ts';

export type BalanceAlerts = BalanceAlertsDto;

export const balanceAlertsKey = (agentId: string) => ['balanceAlerts', agentId] as const;

export const balanceAlertsQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: balanceAlertsKey(agentId),
    queryFn: ({ signal }) => callApi('account.balanceAlerts', { params: { agentId }, signal }),
  });

/** Not suspending: the banner appears when the answer comes, never holding up the page. */
export const useBalanceAlerts = (agentId: string | null) => useQuery({ ...balanceAlertsQueryOptions(agentId ?? ''), enabled: agentId !== null });
