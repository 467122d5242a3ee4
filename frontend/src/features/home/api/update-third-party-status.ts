// PATCH /api/account/thirdpartystatus: Home's Third-Party toggle (spec part 1 §4, §7), then the user
// is reloaded, since the account's statuses live in GET /api/me.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '@/api/client.ts';
import { meQueryOptions } from '@/api/get-me.ts';
import type { statusToggleSchema } from '#shared/settings.ts';

type ThirdPartyStatusBody = z.input<ReturnType<typeof statusToggleSchema>>;

export const updateThirdPartyStatus = ({ agentId, on }: { agentId: string; on: boolean }) => {
  const body: ThirdPartyStatusBody = { AgentId: agentId, StatusType: 'ThirdParty', Status: on };
  return callApi('account.updateThirdPartyStatus', { body });
};

export function useUpdateThirdPartyStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateThirdPartyStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey, exact: true }),
  });
}
