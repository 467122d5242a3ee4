// PATCH /api/agent: Agent Information's Save. The answer is the agent as saved, which replaces the
// cached one; the status audit and every view of the agent's account are read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgentUpdateInput } from '#shared/agent-admin.ts';
import { callApi } from '@/api/client.ts';
import { agentKeys } from './agent-keys.ts';

export const updateAgent = (body: AgentUpdateInput) => callApi('agents.update', { body });

export function useUpdateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgent,
    onSuccess: async (agent) => {
      queryClient.setQueryData(agentKeys.details(agent.AgentId), agent);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: agentKeys.statusAudit(agent.AgentId) }),
        // Other screens read the same agent under their own keys (the admin account view's time zone).
        queryClient.invalidateQueries({ queryKey: ['agent', agent.AgentId] }),
      ]);
    },
  });
}
