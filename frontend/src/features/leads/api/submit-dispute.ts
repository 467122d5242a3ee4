// POST /api/lead/dispute (part 3 §7): LeadId, VendorReason, UserComments. The answer is the dispute as
// stored (Submitted, or a pre-check's decision); the viewed agent's lead pages and Home's Disputes
// Pending count are stale after it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { disputeAnswer, type disputeBody } from '#shared/api/disputes.ts';
import { callApi } from '@/api/client.ts';
import { ACCOUNT_SUMMARY_KEY } from '@/api/balance-views.ts';
import { leadKeys } from './get-agent-leads.ts';

export type DisputeRequest = z.input<typeof disputeBody>;
export type DisputeAnswer = z.output<typeof disputeAnswer>;

// The body goes out as the contract's disputeBody; `as never` keeps this call compiling while the route
// is still pending (its contract then declares no body) and once it is built.
export const submitDispute = (body: DisputeRequest) => callApi('leads.dispute', { body: body as never, schema: disputeAnswer });

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
