// DELETE /api/rules/{ruleId}: a routing rule other than the default one (spec part 3 §4, §7).
import { deleteRule } from '#core/routing/routing-rules.ts';
import { noContent, route } from '#platform/http.ts';

export const deleteRuleById = route('rules.delete', {
  handle: async ({ params }) => {
    await deleteRule(params.ruleId);
    return noContent();
  },
});
