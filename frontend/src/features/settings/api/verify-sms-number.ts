// POST /api/account/{agentId}/alertSettings/smsNumber/verify: the code from the text; the number is
// verified and text alerts turn on. The answer is the whole setting.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { alertSettingsKey } from './get-alert-settings.ts';

export const verifySmsNumber = ({ agentId, code }: { agentId: string; code: string }) =>
  callApi('account.verifySmsNumber', { params: { agentId }, body: { Code: code } });

export function useVerifySmsNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySmsNumber,
    onSuccess: (answer, { agentId }) => queryClient.setQueryData(alertSettingsKey(agentId), answer),
  });
}
