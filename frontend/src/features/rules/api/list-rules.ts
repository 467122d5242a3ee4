// GET /api/rules: every routing rule in the order the lead engine applies them, the default rule last.
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { ruleKeys } from './rule-keys.ts';

export const listRules = (signal?: AbortSignal) => callApi('rules.list', { signal });

export const rulesQueryOptions = queryOptions({ queryKey: ruleKeys.list(), queryFn: ({ signal }) => listRules(signal), staleTime: 0 });

export const useRules = () => useSuspenseQuery(rulesQueryOptions).data;
