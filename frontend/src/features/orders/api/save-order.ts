// Saving an order (spec part 2 §4, §7): the fund flow creates (201) or updates; the campaign flow
// creates (201) or updates (204). Every save refreshes the agent's order lists, nothing else.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignOrderBody, FundOrderBody } from '#shared/orders/payload.ts';
import { callApi } from '@/api/client.ts';
import { orderKeys } from './order-keys.ts';

export interface SaveFundOrder {
  agentId: string;
  editing: boolean;
  body: FundOrderBody;
}

export function useSaveFundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ agentId, editing, body }: SaveFundOrder) =>
      editing
        ? callApi('orders.updateFundOrder', { params: { agentId, orderId: body.OrderId }, body })
        : callApi('orders.createFundOrder', { params: { agentId }, body }),
    onSuccess: (_, { agentId }) => queryClient.invalidateQueries({ queryKey: orderKeys.agent(agentId) }),
  });
}

export interface SaveCampaignOrder {
  agentId: string;
  editing: boolean;
  body: CampaignOrderBody;
}

export function useSaveCampaignOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ agentId, editing, body }: SaveCampaignOrder): Promise<void> => {
      if (editing) await callApi('orders.update', { params: { agentId }, body });
      else await callApi('orders.create', { params: { agentId }, body });
    },
    onSuccess: (_, { agentId }) => queryClient.invalidateQueries({ queryKey: orderKeys.agent(agentId) }),
  });
}
