// Demo routing rules (spec part 3 §3, §9): a handful of realistic rules by state, zip, line of
// business and campaign, one switched off, and the default rule last. Deterministic: ids come from
// names and times from the seed's day.
import { defaultRuleOf } from '#core/routing/routing-rules.ts';
import { Counter } from '#entities/counter.ts';
import { RoutingRule } from '#entities/routing-rule.ts';
import { stableId } from './ids.ts';

const SEEDED_BY = 'seed@leadportal.example.com';
const DAY_MS = 86_400_000;

interface RuleSpec {
  name: string;
  description: string;
  active?: boolean;
  callCenter: number;
  zips?: string[];
  states?: string[];
  lobs?: string[];
  campaigns?: string[];
  counts: [callCenter: number, pp: number];
}

const RULES: RuleSpec[] = [
  {
    name: 'Texas Medicare to Call Center',
    description: 'Medicare inbound and live-transfer leads from Texas go mostly to the call center.',
    callCenter: 80,
    states: ['TX'],
    lobs: ['Medicare'],
    campaigns: ['MIB', 'MLT'],
    counts: [412, 97],
  },
  {
    name: 'Austin Metro Health',
    description: 'Downtown Austin zips and the 787 SCF, health and life leads.',
    callCenter: 100,
    zips: ['78701', '78702', '78703', '787'],
    lobs: ['Health', 'Life'],
    counts: [236, 0],
  },
  {
    name: 'Florida and Georgia Health',
    description: 'Health web leads from the Southeast, split between both targets.',
    callCenter: 60,
    states: ['FL', 'GA'],
    lobs: ['Health'],
    campaigns: ['HWL'],
    counts: [318, 205],
  },
  {
    name: 'Employer Referrals to POST',
    description: 'Group coverage referrals are posted to the partner system.',
    callCenter: 0,
    lobs: ['Employer'],
    campaigns: ['EMR'],
    counts: [0, 144],
  },
  {
    name: 'California Life Pilot',
    description: 'Paused while the call center staffs life-licensed agents.',
    active: false,
    callCenter: 30,
    states: ['CA'],
    lobs: ['Life'],
    campaigns: ['LQ'],
    counts: [51, 119],
  },
];

export function buildRules(today: Date): { rules: RoutingRule[]; counter: Counter } {
  const rules = RULES.map((spec, i): RoutingRule => {
    const created = new Date(today.getTime() - (60 - i * 7) * DAY_MS).toISOString();
    const modified = new Date(today.getTime() - (20 - i * 3) * DAY_MS).toISOString();
    return {
      ruleId: stableId('rule', spec.name),
      name: spec.name,
      description: spec.description,
      active: spec.active ?? true,
      callCenterPercent: spec.callCenter,
      ppPercent: 100 - spec.callCenter,
      zipCodes: spec.zips ?? [],
      states: spec.states ?? [],
      linesOfBusiness: spec.lobs ?? [],
      campaignIds: (spec.campaigns ?? []).map((code) => stableId('campaign', code)),
      defaultRule: false,
      priority: i + 1,
      createdDate: created,
      callCenterCount: spec.counts[0],
      ppCount: spec.counts[1],
      revision: 2,
      modifiedBy: SEEDED_BY,
      lastUpdated: modified,
    };
  });
  const defaultRule = { ...defaultRuleOf(new Date(today.getTime() - 90 * DAY_MS), SEEDED_BY), callCenterCount: 1_204, ppCount: 1_187 };
  return { rules: [...rules, defaultRule], counter: { name: 'RULE_PRIORITY', value: rules.length } };
}

/** The seed's items: the rules and the counter that hands out the next rule's place. */
export function ruleItems(today: Date): Record<string, unknown>[] {
  const { rules, counter } = buildRules(today);
  return [...rules.map(RoutingRule.toItem), Counter.toItem(counter)];
}
