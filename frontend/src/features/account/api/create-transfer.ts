// POST /api/agent/{agentId}/agentTransfer/{receiverId}?amount= and POST
// /api/agent/{agentId}/pointAndClickTransfer?amount=: move lead money out of the signed-in agent's
// account. Each confirmed transfer carries its own Idempotency-Key, so a retry never moves money twice.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateBalanceViews } from '@/api/balance-views.ts';
import { callApi } from '@/api/client.ts';

export interface TransferRequest {
  agentId: string;
  /** Absent for a point-and-click transfer. */
  receiverId?: string;
  /** Dollars with two decimals, as the query string carries them. */
  amount: string;
  idempotencyKey: string;
}

export function createTransfer({ agentId, receiverId, amount, idempotencyKey }: TransferRequest): Promise<unknown> {
  const options = { query: { amount }, headers: { 'Idempotency-Key': idempotencyKey } };
  return receiverId === undefined
    ? callApi('account.pointAndClickTransfer', { ...options, params: { agentId } })
    : callApi('account.agentTransfer', { ...options, params: { agentId, receiverId } });
}

/**
 * A transfer changes the sender's balance on every view of it (header, Home's Account Summary,
 * history, agent lists). A refused one refreshes them too: a refusal often means the balance moved
 * elsewhere meanwhile.
 */
export function useCreateTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTransfer,
    onSettled: (_answer, _error, { agentId }) => invalidateBalanceViews(queryClient, agentId),
  });
}
