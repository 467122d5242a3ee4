// PUT /api/rules/swap: two rules exchange places in one transaction (spec part 3 §4, §7).
import { swapRules } from '#core/routing/routing-rules.ts';
import { ok, route } from '#platform/http.ts';
import { toRuleList } from './rule-shapes.ts';

export const putRuleSwap = route('rules.swap', { handle: async ({ body, user }) => ok(toRuleList(await swapRules(body, user))) });
