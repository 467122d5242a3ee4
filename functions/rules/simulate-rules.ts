// POST /api/rules/simulate: a rule change replayed over the last 30 days of leads before it is saved
// (issue 12 Insights); staff who may edit the rules only (the manifest's access), nothing written.
import { simulateRules } from '#core/routing/rule-simulation.ts';
import { ok, route } from '#platform/http.ts';

export const postRuleSimulation = route('rules.simulate', { handle: async ({ body }) => ok(await simulateRules(body)) });
