// POST /api/rules: a new routing rule, placed last before the default rule (spec part 3 §5, §7, §9).
import { createRule, listRules } from '#core/routing/routing-rules.ts';
import { created, route } from '#platform/http.ts';
import { toRuleInList } from './rule-shapes.ts';

export const postRule = route('rules.create', {
  handle: async ({ body, user }) => {
    const rule = await createRule(body, user);
    return created(toRuleInList(rule, await listRules()));
  },
});
