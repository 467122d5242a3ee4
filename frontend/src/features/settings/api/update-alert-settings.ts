// PATCH /api/account/{agentId}/alertSettings: only what the agent changed. The answer is the whole
// setting, put straight into the query the card reads.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import type { AlertSettingsPatchIn } from '#shared/api/alert-settings.ts';
import { alertSettingsKey } from './get-alert-settings.ts';

export const updateAlertSettings = ({ agentId, body }: { agentId: string; body: AlertSettingsPatchIn }) =>
  callApi('account.updateAlertSettings', { params: { agentId }, body });

export function useUpdateAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAlertSettings,
    onSuccess: (answer, { agentId }) => queryClient.setQueryData(alertSettingsKey(agentId), answer),
  });
}
