// PUT /api/account/{agentId}/alertSettings/smsNumber: a new mobile number for text alerts; the server
// texts it a code (Send code). The answer is the whole setting, with the number not yet verified.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { alertSettingsKey } from './get-alert-settings.ts';

export const setSmsNumber = ({ agentId, phoneNumber }: { agentId: string; phoneNumber: string }) =>
  callApi('account.setSmsNumber', { params: { agentId }, body: { PhoneNumber: phoneNumber } });

export function useSetSmsNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSmsNumber,
    onSuccess: (answer, { agentId }) => queryClient.setQueryData(alertSettingsKey(agentId), answer),
  });
}
