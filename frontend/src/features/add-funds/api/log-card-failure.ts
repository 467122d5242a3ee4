// POST /api/account/creditfail: every card failure is logged with the provider's error text (spec
// part 1 §8), so support can trace it.
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';

export interface CardFailureReport {
  agentId: string;
  error: string;
  referenceId?: string;
  /** Dollars, when the failure concerns a known amount. */
  amount?: string;
}

export const logCardFailure = (report: CardFailureReport) => callApi('account.creditFail', { body: report });

export const useLogCardFailure = () => useMutation({ mutationFn: logCardFailure });
