// GET /api/agent/{agentId}, read for the viewed agent's time zone: the admin view's "today" (the
// default range's last day) is the agent's today, not the viewer's or Central's.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';

/** Only the time zone is read; the contract checks the whole answer. */
export const getAgentTimeZone = async (agentId: string, signal?: AbortSignal) => {
  const agent = await callApi('agents.get', { params: { agentId }, signal });
  return { TimeZone: agent.TimeZone };
};

export const agentTimeZoneQueryOptions = (agentId: string) =>
  queryOptions({ queryKey: ['agent', agentId, 'timeZone'], queryFn: ({ signal }) => getAgentTimeZone(agentId, signal) });

export const useAgentTimeZone = (agentId: string) => useQuery(agentTimeZoneQueryOptions(agentId));
