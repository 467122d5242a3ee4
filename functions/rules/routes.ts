// Route handlers of the rules area, keyed by manifest route id. Routes missing here answer 501.
import type { AreaRoutes } from '#platform/http.ts';
import { postRule } from './create-rule.ts';
import { deleteRuleById } from './delete-rule.ts';
import { getRules } from './list-rules.ts';
import { postRuleSimulation } from './simulate-rules.ts';
import { putRuleSwap } from './swap-rules.ts';
import { putRule } from './update-rule.ts';

export const routes: AreaRoutes = {
  'rules.list': getRules,
  'rules.create': postRule,
  'rules.update': putRule,
  'rules.swap': putRuleSwap,
  'rules.delete': deleteRuleById,
  'rules.simulate': postRuleSimulation,
};
