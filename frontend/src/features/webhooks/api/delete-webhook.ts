// DELETE /api/agent/{agentId}/webhooks/{endpointId}: the endpoint leaves the list and its log is dropped.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { webhooksKey } from '@/api/get-webhooks.ts';
import { deliveriesKey } from './webhook-keys.ts';

export const deleteWebhook = ({ agentId, endpointId }: { agentId: string; endpointId: string }) =>
  callApi('webhooks.delete', { params: { agentId, endpointId } });

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: async (_answer, { agentId, endpointId }) => {
      queryClient.removeQueries({ queryKey: deliveriesKey(agentId, endpointId) });
      await queryClient.invalidateQueries({ queryKey: webhooksKey(agentId) });
    },
  });
}
