// The rule simulation's pure part: leads replayed through a rule set with the engine's decision, and
// the rule set a change would leave.
import { describe, expect, it } from 'vitest';
import { defaultRuleOf } from '#core/routing/routing-rules.ts';
import type { RoutingRule } from '#entities/routing-rule.ts';
import { NotFound } from '#platform/errors.ts';
import { ruleCreateSchema } from '#shared/rules.ts';
import { NEW_RULE_ID, proposedRuleSet, replayRouting } from './rule-replay.ts';

const now = new Date('2026-03-01T00:00:00Z');
const rule = (over: Partial<RoutingRule>): RoutingRule => ({
  ...defaultRuleOf(now),
  ruleId: 'r',
  name: 'Rule',
  defaultRule: false,
  priority: 1,
  ...over,
});
const lead = (stateCode: string, lineOfBusiness = 'Health') => ({ zipCode: '00000', stateCode, lineOfBusiness, campaignId: 'c' });
const create = (over: Record<string, unknown> = {}) =>
  ruleCreateSchema.parse({ Name: 'Texas', Description: '', Active: true, CallCenterPercent: 100, PPPercent: 0, ZipCodes: '', States: 'TX', LinesOfBusiness: '', Campaigns: '', ...over });

describe('replayRouting', () => {
  it('gives each lead to the first active matching rule and splits each rule floor(n × percent / 100) to the call center', () => {
    const rules = [rule({ ruleId: 'tx', states: ['TX'], callCenterPercent: 30, priority: 1 }), defaultRuleOf(now)];
    const leads = [...Array.from({ length: 10 }, () => lead('TX')), ...Array.from({ length: 4 }, () => lead('OH'))];
    const { byRule, noRule } = replayRouting(rules, leads);
    expect(byRule.get('tx')).toEqual({ callCenter: 3, post: 7 });
    expect(byRule.get('default')).toEqual({ callCenter: 2, post: 2 });
    expect(noRule).toBe(0);
  });

  it('skips inactive rules and counts the leads no rule takes', () => {
    const rules = [rule({ ruleId: 'tx', states: ['TX'], active: false }), { ...defaultRuleOf(now), active: false }];
    const { byRule, noRule } = replayRouting(rules, [lead('TX'), lead('OH')]);
    expect(byRule.get('tx')).toEqual({ callCenter: 0, post: 0 });
    expect(noRule).toBe(2);
  });
});

describe('proposedRuleSet', () => {
  const current = [rule({ ruleId: 'a', priority: 3, states: ['OH'] }), rule({ ruleId: 'b', priority: 7 }), defaultRuleOf(now)];

  it('places a new rule last before the default rule', () => {
    const set = proposedRuleSet(current, { Rule: create() }, now);
    expect(set.map((r) => r.ruleId)).toEqual(['a', 'b', NEW_RULE_ID, 'default']);
    expect(set[2]).toMatchObject({ states: ['TX'], callCenterPercent: 100, priority: 8 });
  });

  it('replaces an edited rule in its place, and of the default rule only its targets', () => {
    const edited = proposedRuleSet(current, { RuleId: 'a', Rule: create({ CallCenterPercent: 40, PPPercent: 60 }) }, now);
    expect(edited.map((r) => r.ruleId)).toEqual(['a', 'b', 'default']);
    expect(edited[0]).toMatchObject({ states: ['TX'], callCenterPercent: 40, priority: 3 });
    const def = proposedRuleSet(current, { RuleId: 'default', Rule: create({ CallCenterPercent: 10, PPPercent: 90 }) }, now).at(-1)!;
    expect(def).toMatchObject({ defaultRule: true, states: [], callCenterPercent: 10, ppPercent: 90, name: 'Default Rule' });
  });

  it('refuses a rule that does not exist with Rule not found', () => {
    expect(() => proposedRuleSet(current, { RuleId: 'gone', Rule: create() }, now)).toThrow(NotFound);
  });
});
