// PATCH /api/agent/{agentId}/orderstatusui/{status}: Home's Leads toggle (spec part 1 §4), 1 to buy
// leads, 0 to pause. The user is reloaded afterwards, since the account's statuses live in GET /api/me.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { meQueryOptions } from '@/api/get-me.ts';

export const updateOrderStatus = ({ agentId, active }: { agentId: string; active: boolean }) =>
  callApi('account.updateOrderStatus', { params: { agentId, status: active ? 1 : 0 } });

export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    // Returning the refetch keeps the mutation pending until the switch can show the new state.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey, exact: true }),
  });
}
