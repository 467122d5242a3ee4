// POST /api/account/creditDebit with the provider's transaction id: the server confirms the payment
// with the provider and credits the confirmed amount once. Every view of the balance is refreshed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { cardCreditSchema } from '#shared/api/account.ts';
import { invalidateBalanceViews } from '@/api/balance-views.ts';
import { ApiError, callApi } from '@/api/client.ts';
import { CARD_PAYMENT_TYPE } from '#shared/card.ts';

/** A credit's answer of the contract's two (it is a union with the pre-check's answer). */
export type CardCredit = z.infer<typeof cardCreditSchema>;

export interface CardCreditRequest {
  agentId: string;
  transactionId: string;
  /** The amount the provider's return named, in dollars; the server credits what the provider confirms. */
  amount: string;
}

/** The ledger's description of the row, as the server writes it for the provider's own notification. */
const describe = (transactionId: string) => `Credit card payment ${transactionId}`;

export const creditCardPayment = ({ agentId, transactionId, amount }: CardCreditRequest) =>
  callApi('account.creditDebit', {
    body: { agentId, type: CARD_PAYMENT_TYPE, amount, referenceId: transactionId, description: describe(transactionId) },
    schema: cardCreditSchema,
  });

/**
 * The card is already charged, so a crediting call lost to the network or a server error is tried
 * once more before the agent is told 'Error Funding Account': the server credits a transaction id at
 * most once, so the retry either credits it or returns the first credit. A refusal (4xx) is final.
 */
export const retryCredit = (failures: number, error: Error) =>
  failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export function useCreditCardPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: creditCardPayment,
    retry: retryCredit,
    retryDelay: 1_000,
    // Settled, not only succeeded: a failed credit may still have been credited by the provider's notification.
    onSettled: (_credit, _error, { agentId }) => invalidateBalanceViews(queryClient, agentId),
  });
}
