// GET /api/agent/{agentId}/insights: the agent Home's spend and leads per day and the balance run-out
// forecast (issue 12).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '#shared/api/index.ts';
import { callApi } from '@/api/client.ts';
import { agentInsightsKey } from '@/api/notifications.ts';

export type AgentInsights = ResponseOf<'account.insights'>;

export const getAgentInsights = (agentId: string, signal?: AbortSignal) => callApi('account.insights', { params: { agentId }, signal });

export const agentInsightsQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: agentInsightsKey(agentId),
    queryFn: ({ signal }) => getAgentInsights(agentId, signal),
  });

/** Not a suspense query: a failed call shows the card's error text instead of failing the page. */
export const useAgentInsights = (agentId: string) => useQuery(agentInsightsQueryOptions(agentId));
