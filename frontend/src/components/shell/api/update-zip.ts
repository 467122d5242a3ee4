// PATCH /api/agent/{agentId}/zip/{zip}: saves the account's zip code from the Zip Code Verification
// dialog; the account (part of GET /api/me) is refetched so the dialog closes once the status is Set.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { meQueryOptions } from '../../../api/get-me.ts';

// The route answers 501 { ErrorMessages: ['Not implemented'] } until the account issue builds it; the
// dialog then shows that message and stays open, exactly as it will for the spec's own ErrorMessages.
export const updateZip = ({ agentId, zip }: { agentId: string; zip: string }) =>
  callApi('account.updateZip', { params: { agentId, zip } });

export function useUpdateZip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateZip,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey, exact: true }),
  });
}
