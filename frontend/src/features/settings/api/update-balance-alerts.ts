// PUT /api/account/{agentId}/balanceAlerts: the agent's low-balance alert and auto-recharge. The answer
// is the new setting, put straight into the query the banner and the form read.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { balanceAlertsKey } from '@/api/get-balance-alerts.ts';
import type { BalanceAlertsBodyIn } from '#shared/api/balance-alerts.ts';

export const updateBalanceAlerts = ({ agentId, body }: { agentId: string; body: BalanceAlertsBodyIn }) =>
  callApi('account.updateBalanceAlerts', { params: { agentId }, body });

export function useUpdateBalanceAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBalanceAlerts,
    onSuccess: (answer, { agentId }) => queryClient.setQueryData(balanceAlertsKey(agentId), answer),
  });
}
