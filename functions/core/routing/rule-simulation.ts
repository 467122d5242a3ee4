// Routing-rule simulation (issue 12 Insights): the last 30 days of leads that reached routing, replayed
// through the rules as they are and as a change would leave them (rule-replay.ts), side by side.
// Reads: the rules (one Query of their partition), the campaigns (one Query, for each lead's line of
// business) and the Lead month index (#65) newest first, at most RULE_SIMULATION_MAX_LEADS leads
// (filtered to the routed statuses and projected to the fields a replay reads, on the server); past the bound the newest that many are replayed
// and the answer says so. Nothing is written.
import { lineOfBusinessName, type RuleSubject } from '#core/leads/rules.ts';
import { listRules } from '#core/routing/routing-rules.ts';
import { Campaign } from '#entities/campaign.ts';
import { NO_RULE_ID, RULE_SIMULATION_DAYS, RULE_SIMULATION_MAX_LEADS, RULE_SIMULATION_TEXTS, type RuleSimulationDto, type RuleSimulationInput } from '#shared/api/rule-simulation.ts';
import { recentLeads, ROUTED_STATUSES } from '../leads/recent-leads.ts';
import { NEW_RULE_ID, proposedRuleSet, replayRouting, type Split } from './rule-replay.ts';

const DAY_MS = 86_400_000;

export async function simulateRules(input: RuleSimulationInput, now = new Date(), max = RULE_SIMULATION_MAX_LEADS): Promise<RuleSimulationDto> {
  const to = now.toISOString();
  const from = new Date(now.getTime() - RULE_SIMULATION_DAYS * DAY_MS).toISOString();
  const [current, campaigns, read] = await Promise.all([
    listRules(),
    Campaign.query.byName().all(),
    recentLeads({ from, to, max, statuses: ROUTED_STATUSES }),
  ]);
  const proposed = proposedRuleSet(current, input, now);
  const lob = new Map(campaigns.map((c) => [c.campaignId, lineOfBusinessName(c.lob)]));
  // Arrival order, as the engine met them.
  const subjects: RuleSubject[] = read.leads
    .map((l) => ({ zipCode: l.zipCode, stateCode: l.stateCode, lineOfBusiness: lob.get(l.campaignId) ?? '', campaignId: l.campaignId }))
    .reverse();
  const before = replayRouting(current, subjects);
  const after = replayRouting(proposed, subjects);
  const zero: Split = { callCenter: 0, post: 0 };
  const dto = (s: Split) => ({ CallCenter: s.callCenter, Post: s.post });
  const rows = proposed.map((r) => ({
    RuleId: r.ruleId,
    Name: r.ruleId === NEW_RULE_ID ? `${r.name} ${RULE_SIMULATION_TEXTS.newRule}` : r.name,
    Current: dto(before.byRule.get(r.ruleId) ?? zero),
    Proposed: dto(after.byRule.get(r.ruleId) ?? zero),
  }));
  if (before.noRule > 0 || after.noRule > 0)
    rows.push({ RuleId: NO_RULE_ID, Name: RULE_SIMULATION_TEXTS.noRule, Current: { CallCenter: 0, Post: before.noRule }, Proposed: { CallCenter: 0, Post: after.noRule } });
  const total = (key: 'Current' | 'Proposed') => ({
    CallCenter: rows.reduce((n, r) => n + r[key].CallCenter, 0),
    Post: rows.reduce((n, r) => n + r[key].Post, 0),
  });
  return { From: from, To: to, LeadsReplayed: subjects.length, Sampled: read.stopped, Rules: rows, Totals: { Current: total('Current'), Proposed: total('Proposed') } };
}
