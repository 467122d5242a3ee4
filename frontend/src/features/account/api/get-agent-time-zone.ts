// GET /api/agent/{agentId}, read for the viewed agent's time zone: the admin view's "today" (the
// default range's last day) is the agent's today, not the viewer's or Central's.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi } from '@/api/client.ts';

const agentTimeZoneSchema = z.object({ TimeZone: z.string().nullable() });

export const getAgentTimeZone = (agentId: string, signal?: AbortSignal) =>
  callApi('agents.get', { params: { agentId }, schema: agentTimeZoneSchema, signal });

export const agentTimeZoneQueryOptions = (agentId: string) =>
  queryOptions({ queryKey: ['agent', agentId, 'timeZone'], queryFn: ({ signal }) => getAgentTimeZone(agentId, signal) });

export const useAgentTimeZone = (agentId: string) => useQuery(agentTimeZoneQueryOptions(agentId));
