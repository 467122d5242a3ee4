// POST /api/agent/{agentId}/webhooks (a new endpoint: the answer carries its secret, this once) and
// PUT .../webhooks/{endpointId} (an edit). Either refreshes the agent's endpoint list.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookBodyIn } from '#shared/api/webhooks.ts';
import { callApi } from '@/api/client.ts';
import { webhooksKey } from '@/api/get-webhooks.ts';

export const createWebhook = ({ agentId, body }: { agentId: string; body: WebhookBodyIn }) => callApi('webhooks.create', { params: { agentId }, body });

export const updateWebhook = ({ agentId, endpointId, body }: { agentId: string; endpointId: string; body: WebhookBodyIn }) =>
  callApi('webhooks.update', { params: { agentId, endpointId }, body });

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWebhook, onSuccess: (_answer, { agentId }) => queryClient.invalidateQueries({ queryKey: webhooksKey(agentId) }) });
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateWebhook, onSuccess: (_answer, { agentId }) => queryClient.invalidateQueries({ queryKey: webhooksKey(agentId) }) });
}
