// GET /api/rules: every routing rule in order, the default rule last (spec part 3 §2, §7).
import { listRules } from '#core/routing/routing-rules.ts';
import { ok, route } from '#platform/http.ts';
import { toRuleList } from './rule-shapes.ts';

export const getRules = route('rules.list', { handle: async () => ok(toRuleList(await listRules())) });
