// PATCH /api/account/leadintakestatusui: Home's Live Transfer toggle (spec part 1 §4, §7), then the
// user is reloaded, since the account's statuses live in GET /api/me.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '@/api/client.ts';
import { meQueryOptions } from '@/api/get-me.ts';
import type { statusToggleSchema } from '#shared/settings.ts';

type LiveTransferStatusBody = z.input<ReturnType<typeof statusToggleSchema>>;

export const updateLiveTransferStatus = ({ agentId, active }: { agentId: string; active: boolean }) => {
  const body: LiveTransferStatusBody = { AgentId: agentId, StatusType: 'LiveTransfer', Status: active };
  return callApi('account.updateLiveTransferStatus', { body });
};

export function useUpdateLiveTransferStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLiveTransferStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey, exact: true }),
  });
}
