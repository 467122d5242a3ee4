// POST /api/rules (Add Rule) and PUT /api/rules (Edit), with the body the shared rule schemas check.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RuleCreateIn } from '#shared/rules.ts';
import { callApi } from '@/api/client.ts';
import { ruleKeys } from './rule-keys.ts';

export type SaveRuleInput = RuleCreateIn & { RuleId?: string; Revision?: number };

export const saveRule = ({ RuleId, Revision, ...fields }: SaveRuleInput) =>
  RuleId !== undefined && Revision !== undefined
    ? callApi('rules.update', { body: { ...fields, RuleId, Revision } })
    : callApi('rules.create', { body: fields });

export function useSaveRule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveRule, onSuccess: () => queryClient.invalidateQueries({ queryKey: ruleKeys.list() }) });
}
