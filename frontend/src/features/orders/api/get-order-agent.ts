// GET /api/agent/{agentId} for the admin variants of the wizards: the order's agent's type decides the
// prices shown and whether the campaign flow's distribution may be edited (spec part 2 §5, §6).
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';

export const orderAgentQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: ['order-wizard', 'agent', agentId] as const,
    queryFn: ({ signal }) => callApi('agents.get', { params: { agentId }, signal }),
    staleTime: 60_000,
  });
