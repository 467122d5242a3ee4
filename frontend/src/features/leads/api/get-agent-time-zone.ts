// GET /api/agent/{agentId}, read for the viewed agent's time zone: the admin view's default range and
// presets are the agent's days, not the viewer's.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';

export const getAgentTimeZone = async (agentId: string, signal?: AbortSignal) => {
  const agent = await callApi('agents.get', { params: { agentId }, signal });
  return { TimeZone: agent.TimeZone };
};

export const agentTimeZoneQueryOptions = (agentId: string) =>
  queryOptions({ queryKey: ['agent', agentId, 'timeZone'], queryFn: ({ signal }) => getAgentTimeZone(agentId, signal) });

export const useAgentTimeZone = (agentId: string) => useQuery(agentTimeZoneQueryOptions(agentId));
