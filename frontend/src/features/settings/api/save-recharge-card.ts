// Saving the card auto-recharge charges: POST .../balanceAlerts/cardForm opens the provider's form for
// a top-up that also saves the card; POST .../balanceAlerts/card, with the provider's transaction id,
// credits that top-up and keeps the card's token. Money moved, so every balance view is refreshed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateBalanceViews } from '@/api/balance-views.ts';
import { callApi } from '@/api/client.ts';
import { balanceAlertsKey } from '@/api/get-balance-alerts.ts';

export const openRechargeCardForm = ({ agentId, amount }: { agentId: string; amount: number }) =>
  callApi('account.rechargeCardForm', { params: { agentId }, body: { Amount: amount } });

export const saveRechargeCard = ({ agentId, transactionId }: { agentId: string; transactionId: string }) =>
  callApi('account.saveRechargeCard', { params: { agentId }, body: { TransactionId: transactionId } });

export const useOpenRechargeCardForm = () => useMutation({ mutationFn: openRechargeCardForm });

export function useSaveRechargeCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRechargeCard,
    onSuccess: async (answer, { agentId }) => {
      queryClient.setQueryData(balanceAlertsKey(agentId), answer);
      await invalidateBalanceViews(queryClient, agentId);
    },
  });
}
