// POST /api/agent/{agentId}/webhooks/{endpointId}/test: the sample lead posted to the endpoint now; the
// answer is the delivery with its attempt (status, latency or error). It joins the endpoint's log and
// may end or start its failing streak, so both are refreshed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { webhooksKey } from '@/api/get-webhooks.ts';
import { deliveriesKey } from './webhook-keys.ts';

export const sendWebhookTest = ({ agentId, endpointId }: { agentId: string; endpointId: string }) =>
  callApi('webhooks.sendTest', { params: { agentId, endpointId } });

export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendWebhookTest,
    onSuccess: (_answer, { agentId, endpointId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deliveriesKey(agentId, endpointId) }),
        queryClient.invalidateQueries({ queryKey: webhooksKey(agentId) }),
      ]),
  });
}
