// PATCH /api/fund/enable/{fundId} and /api/fund/disable/{fundId}, sending the revision read.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { fundKeys } from './fund-keys.ts';

export const toggleFund = ({ fundId, active, revision }: { fundId: string; active: boolean; revision?: number }) =>
  callApi(active ? 'funds.enable' : 'funds.disable', { params: { fundId }, ...(revision ? { body: { Revision: revision } } : {}) });

export function useToggleFund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleFund,
    onSuccess: (_state, { fundId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: fundKeys.summary() }),
        queryClient.invalidateQueries({ queryKey: fundKeys.detail(fundId) }),
        queryClient.invalidateQueries({ queryKey: fundKeys.history(fundId) }),
        // The Available Funds dialog's list.
        queryClient.invalidateQueries({ queryKey: fundKeys.all, exact: true }),
      ]),
  });
}
