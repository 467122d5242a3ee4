// Routing rules as the API shows them (spec part 3 §3): PascalCase, lists pipe-joined, and each
// rule's place 1..n in the order the lead engine applies them (the default rule last).
import type { RoutingRule } from '#entities/routing-rule.ts';
import type { RuleDto } from '#shared/api/rules.ts';
import { joinPipe } from '#shared/rules.ts';

export function toRuleDto(rule: RoutingRule, place: number): RuleDto {
  return {
    RuleId: rule.ruleId,
    Name: rule.name,
    Description: rule.description,
    Active: rule.active,
    PPPercent: rule.ppPercent,
    CallCenterPercent: rule.callCenterPercent,
    ZipCodes: joinPipe(rule.zipCodes),
    States: joinPipe(rule.states),
    LinesOfBusiness: joinPipe(rule.linesOfBusiness),
    Campaigns: joinPipe(rule.campaignIds),
    DefaultRule: rule.defaultRule,
    Priority: place,
    CreatedDate: rule.createdDate,
    LastModifiedDate: rule.lastUpdated,
    CallCenterCount: rule.callCenterCount,
    PPCount: rule.ppCount,
    ModifiedBy: rule.modifiedBy,
    LastUpdated: rule.lastUpdated,
    Revision: rule.revision,
  };
}

/** An ordered list (orderRules) as the API shows it. */
export const toRuleList = (ordered: readonly RoutingRule[]): RuleDto[] => ordered.map((rule, i) => toRuleDto(rule, i + 1));

/** One rule of an ordered list, with its place in it (and the list's shown counts of it, listRules). */
export function toRuleInList(rule: RoutingRule, ordered: readonly RoutingRule[]): RuleDto {
  const place = ordered.findIndex((r) => r.ruleId === rule.ruleId);
  const listed = ordered[place];
  return toRuleDto(listed ? { ...rule, callCenterCount: listed.callCenterCount, ppCount: listed.ppCount } : rule, place < 0 ? ordered.length + 1 : place + 1);
}
