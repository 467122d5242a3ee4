// POST .../webhooks/{endpointId}/deliveries/{deliveryId}/replay: the delivery is queued again (state
// pending). The agent's log, the endpoint list (its parked count) and the staff list are refreshed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { webhooksKey } from '@/api/get-webhooks.ts';
import { deliveriesKey, failuresKey } from './webhook-keys.ts';

export interface ReplayTarget {
  agentId: string;
  endpointId: string;
  deliveryId: string;
}

export const replayDelivery = (params: ReplayTarget) => callApi('webhooks.replay', { params });

export function useReplayDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replayDelivery,
    onSuccess: (_answer, { agentId, endpointId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deliveriesKey(agentId, endpointId) }),
        queryClient.invalidateQueries({ queryKey: webhooksKey(agentId) }),
        queryClient.invalidateQueries({ queryKey: failuresKey }),
      ]),
  });
}
