// GET /api/agent/{agentId}/orderstatusaudit: the account status audit under Agent Information.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { agentKeys } from './agent-keys.ts';

export const statusAuditQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: agentKeys.statusAudit(agentId),
    queryFn: ({ signal }) => callApi('agents.statusAudit', { params: { agentId }, signal }),
  });

export const useStatusAudit = (agentId: string) => useQuery(statusAuditQueryOptions(agentId));
