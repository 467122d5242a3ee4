// POST /api/rules/simulate (issue 12 Insights): a rule change replayed over the last 30 days of leads
// before it is saved. Nothing is stored, so nothing is invalidated.
import { useMutation } from '@tanstack/react-query';
import type { RuleSimulationBody } from '#shared/api/rule-simulation.ts';
import { callApi } from '@/api/client.ts';

export const simulateRules = (body: RuleSimulationBody) => callApi('rules.simulate', { body });

export function useSimulateRules() {
  return useMutation({ mutationFn: simulateRules });
}
