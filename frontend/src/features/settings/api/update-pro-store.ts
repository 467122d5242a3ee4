// PATCH /api/agent/{agentId}/prostore: the agent's weekly Pro Store transfer setting (spec part 1
// §2.6, §7). The account (part of GET /api/me) carries the setting; the setting decides the weekly
// money movement, so every view of the balance is refreshed with it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { invalidateBalanceViews } from '@/api/balance-views.ts';
import { callApi } from '@/api/client.ts';
import type { proStoreSchema } from '#shared/settings.ts';

export type ProStoreSetting = z.infer<typeof proStoreSchema>;

export const updateProStore = ({ agentId, setting }: { agentId: string; setting: ProStoreSetting }) =>
  callApi('account.updateProStore', { params: { agentId }, body: setting });

export function useUpdateProStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProStore,
    onSuccess: (_answer, { agentId }) => invalidateBalanceViews(queryClient, agentId),
  });
}
