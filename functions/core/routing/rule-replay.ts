// The routing-rule simulation's pure part (issue 12 Insights): the rule set a change would leave, and
// leads replayed through a rule set with the engine's own decision (routeOf: the first active rule
// that matches, floor(n × percent / 100) of its first n leads to the call center), each rule counted
// afresh from the first lead replayed.
import { routeOf, type RuleSubject } from '#core/leads/rules.ts';
import { orderRules } from '#core/routing/routing-rules.ts';
import type { RoutingRule } from '#entities/routing-rule.ts';
import { NotFound } from '#platform/errors.ts';
import { RULE_MESSAGES, type RuleCreate } from '#shared/rules.ts';

export interface Split {
  callCenter: number;
  post: number;
}

export interface Replay {
  /** By rule id. */
  byRule: Map<string, Split>;
  /** Leads no active rule matched (the engine offers them to orders without a rule). */
  noRule: number;
}

/** The id the proposed new rule goes by in a simulation (it has none yet). */
export const NEW_RULE_ID = '';

/** Leads in arrival order through an ordered rule set (orderRules). */
export function replayRouting(ordered: readonly RoutingRule[], leads: Iterable<RuleSubject>): Replay {
  const byRule = new Map<string, Split>(ordered.map((r) => [r.ruleId, { callCenter: 0, post: 0 }]));
  const seq = new Map<string, number>();
  let noRule = 0;
  for (const lead of leads) {
    const routed = routeOf(ordered, lead, (rule) => {
      const n = (seq.get(rule.ruleId) ?? 0) + 1;
      seq.set(rule.ruleId, n);
      return n;
    });
    if (!routed) {
      noRule++;
      continue;
    }
    const split = byRule.get(routed.rule.ruleId)!;
    if (routed.to === 'callCenter') split.callCenter++;
    else split.post++;
  }
  return { byRule, noRule };
}

/**
 * The rules as they would be with the change, in the engine's order: an edit replaces the rule's
 * fields (of the default rule only its two targets, as a save allows); a new rule goes last before
 * the default rule, as a create places it.
 */
export function proposedRuleSet(current: readonly RoutingRule[], change: { RuleId?: string | undefined; Rule: RuleCreate }, now: Date): RoutingRule[] {
  const r = change.Rule;
  const fields = {
    name: r.Name,
    description: r.Description,
    active: r.Active,
    callCenterPercent: r.CallCenterPercent,
    ppPercent: r.PPPercent,
    zipCodes: r.ZipCodes,
    states: r.States,
    linesOfBusiness: r.LinesOfBusiness,
    campaignIds: r.Campaigns,
  };
  if (change.RuleId !== undefined) {
    const rule = current.find((x) => x.ruleId === change.RuleId);
    if (!rule) throw new NotFound(RULE_MESSAGES.ruleNotFound);
    const edited = rule.defaultRule ? { ...rule, callCenterPercent: r.CallCenterPercent, ppPercent: r.PPPercent } : { ...rule, ...fields };
    return orderRules(current.map((x) => (x.ruleId === rule.ruleId ? edited : x)));
  }
  const last = Math.max(0, ...current.filter((x) => !x.defaultRule).map((x) => x.priority));
  const added: RoutingRule = {
    ruleId: NEW_RULE_ID,
    ...fields,
    defaultRule: false,
    priority: last + 1,
    createdDate: now.toISOString(),
    callCenterCount: 0,
    ppCount: 0,
    revision: 1,
    modifiedBy: '',
    lastUpdated: now.toISOString(),
  };
  return orderRules([...current, added]);
}
