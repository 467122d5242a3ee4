// POST /api/agent/{agentId}/webhooks/{endpointId}/secret: a new signing secret, shown this once; the
// old one stops signing at once. The list shows the new secret's last four.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { webhooksKey } from '@/api/get-webhooks.ts';

export const rotateWebhookSecret = ({ agentId, endpointId }: { agentId: string; endpointId: string }) =>
  callApi('webhooks.rotateSecret', { params: { agentId, endpointId } });

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rotateWebhookSecret, onSuccess: (_answer, { agentId }) => queryClient.invalidateQueries({ queryKey: webhooksKey(agentId) }) });
}
