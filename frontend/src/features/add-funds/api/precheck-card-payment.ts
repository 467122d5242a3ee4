// POST /api/account/creditDebit with the test payload: the pre-check before the card form. It credits
// nothing; it answers the provider's hosted form for this payment (URL, order id, session id).
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { precheckAnswerSchema } from '#shared/api/account.ts';
import { callApi } from '@/api/client.ts';
import { CARD_PAYMENT_TYPE, PRECHECK_DESCRIPTION, PRECHECK_REFERENCE_ID } from '#shared/card.ts';

/** The pre-check's answer of the contract's two (it is a union with a credit's answer). */
export type HostedForm = z.infer<typeof precheckAnswerSchema>['hostedForm'];

export const precheckCardPayment = async ({ agentId, amount }: { agentId: string; amount: string }) =>
  (
    await callApi('account.creditDebit', {
      body: { agentId, type: CARD_PAYMENT_TYPE, amount, referenceId: PRECHECK_REFERENCE_ID, description: PRECHECK_DESCRIPTION },
      schema: precheckAnswerSchema,
    })
  ).hostedForm;

export const usePrecheckCardPayment = () => useMutation({ mutationFn: precheckCardPayment });
