// GET /api/agent/{agentId}: the agent Agent Information shows (spec part 3 §2, §7).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { agentKeys } from './agent-keys.ts';

export const getAgent = (agentId: string, signal?: AbortSignal) => callApi('agents.get', { params: { agentId }, signal });

export const agentQueryOptions = (agentId: string) =>
  queryOptions({ queryKey: agentKeys.details(agentId), queryFn: ({ signal }) => getAgent(agentId, signal), staleTime: 0 });

export const useAgentQuery = (agentId: string) => useQuery(agentQueryOptions(agentId));
