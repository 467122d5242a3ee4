// PUT /api/rules/swap: two neighbouring rules exchange places; the answer is the list in its new order,
// which replaces the cached one (every moved rule has a new Revision).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RuleDto } from '#shared/api/rules.ts';
import { callApi } from '@/api/client.ts';
import { ruleKeys } from './rule-keys.ts';

const side = (rule: RuleDto) => ({ RuleId: rule.RuleId, Revision: rule.Revision });

export const swapRules = ({ first, second }: { first: RuleDto; second: RuleDto }) =>
  callApi('rules.swap', { body: { First: side(first), Second: side(second) } });

export function useSwapRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: swapRules,
    onSuccess: (ordered) => queryClient.setQueryData(ruleKeys.list(), ordered),
    // A refused move (a stale list, most often) shows the list as it now is.
    onError: () => queryClient.invalidateQueries({ queryKey: ruleKeys.list() }),
  });
}
