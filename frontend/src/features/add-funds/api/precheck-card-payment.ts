// POST /api/account/creditDebit with the test payload: the pre-check before the card form. It credits
// nothing; it answers the provider's hosted form for this payment (URL, order id, session id).
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi } from '@/api/client.ts';
import { CARD_PAYMENT_TYPE, PRECHECK_DESCRIPTION, PRECHECK_REFERENCE_ID } from '#shared/card.ts';

const hostedFormSchema = z.object({
  url: z.url(),
  orderId: z.string().min(1),
  sessionId: z.string().min(1),
  /** Dollars, as the form will charge them. */
  amount: z.number(),
});
export type HostedForm = z.infer<typeof hostedFormSchema>;

const precheckAnswerSchema = z.object({ hostedForm: hostedFormSchema });

export const precheckCardPayment = async ({ agentId, amount }: { agentId: string; amount: string }) =>
  (
    await callApi('account.creditDebit', {
      body: { agentId, type: CARD_PAYMENT_TYPE, amount, referenceId: PRECHECK_REFERENCE_ID, description: PRECHECK_DESCRIPTION },
      schema: precheckAnswerSchema,
    })
  ).hostedForm;

export const usePrecheckCardPayment = () => useMutation({ mutationFn: precheckCardPayment });
