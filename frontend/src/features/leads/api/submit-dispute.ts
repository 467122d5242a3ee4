// POST /api/lead/dispute (part 3 §7): LeadId, VendorReason, UserComments. The answer is the dispute as
// stored (Submitted, or a pre-check's decision); the viewed agent's lead pages and Home's Disputes
// Pending count are stale after it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyIn, ResponseOf } from '#shared/api/index.ts';
import { callApi } from '@/api/client.ts';
import { ACCOUNT_SUMMARY_KEY } from '@/api/balance-views.ts';
import { leadKeys } from './get-agent-leads.ts';

/** The route's body and answer as its contract (shared/api/disputes.ts) declares them. */
export type DisputeRequest = BodyIn<'leads.dispute'>;
export type DisputeAnswer = ResponseOf<'leads.dispute'>;

export const submitDispute = (body: DisputeRequest): Promise<DisputeAnswer> => callApi('leads.dispute', { body });

export function useSubmitDispute(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitDispute,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: leadKeys.agent(agentId) }),
        queryClient.invalidateQueries({ queryKey: ACCOUNT_SUMMARY_KEY, exact: true }),
      ]),
  });
}
