// PUT /api/rules: a routing rule as edited, under the revision read (spec part 3 §4, §5, §7).
import { listRules, updateRule } from '#core/routing/routing-rules.ts';
import { ok, route } from '#platform/http.ts';
import { toRuleInList } from './rule-shapes.ts';

export const putRule = route('rules.update', {
  handle: async ({ body, user }) => {
    const rule = await updateRule(body, user);
    return ok(toRuleInList(rule, await listRules()));
  },
});
