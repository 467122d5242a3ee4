// PATCH /api/disputes/{leadId}: approve (with the credit) or deny a dispute, with the reason recorded.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DecideDisputeBody } from '#shared/api/disputes.ts';
import { callApi } from '@/api/client.ts';
import { disputeKeys } from './dispute-keys.ts';

export const decideDispute = ({ leadId, ...body }: DecideDisputeBody & { leadId: string }) => callApi('leads.decideDispute', { params: { leadId }, body });

export function useDecideDispute() {
  const queryClient = useQueryClient();
  // The decided dispute leaves one status's list for another, and a refusal (decided meanwhile) means
  // the list is stale: every queue list is refreshed either way.
  return useMutation({ mutationFn: decideDispute, onSettled: () => queryClient.invalidateQueries({ queryKey: disputeKeys.all }) });
}
