// DELETE /api/rules/{ruleId}: a rule other than the default one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { ruleKeys } from './rule-keys.ts';

export const deleteRule = (ruleId: string) => callApi('rules.delete', { params: { ruleId } });

export function useDeleteRule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteRule, onSettled: () => queryClient.invalidateQueries({ queryKey: ruleKeys.list() }) });
}
