// The agent Home's insights (issue 12): spend and leads per day for the last 30 days of the agent's
// time zone and the balance run-out forecast. Reads: the agent's profile (its zone) and balance in one
// BatchGetItem, and one Query of at most 30 AgentInsightDay items (the agent partition's
// `INSIGHT_DAY#` range), whatever the agent bought.
import { AgentInsightDay } from '#entities/insight-day.ts';
import { AgentProfile } from '#entities/agent-profile.ts';
import { Balance } from '#entities/balance.ts';
import { getMany } from '#platform/entity.ts';
import { NotFound } from '#platform/errors.ts';
import { balanceForecast, dayIn, daysEndingWith, FORECAST_PACE_DAYS, INSIGHT_DAYS, type Forecast } from '#shared/insights.ts';
import { DEFAULT_TIME_ZONE, isKnownTimeZone, TIME_ZONES } from '#shared/time-zones.ts';

export interface AgentInsights {
  timeZone: string;
  days: { day: string; leads: number; spendCents: number }[];
  totalLeads: number;
  totalSpendCents: number;
  balanceCents: number;
  spendLast14DaysCents: number;
  forecast: Forecast;
}

export const NO_ACCOUNT = 'Agent account not found.';

export async function agentInsights(agentId: string, now = new Date()): Promise<AgentInsights> {
  const { profile, balance } = await getMany({ profile: AgentProfile.ref({ agentId }), balance: Balance.ref({ agentId }) });
  if (!profile || !balance) throw new NotFound(NO_ACCOUNT);
  const timeZone = TIME_ZONES[isKnownTimeZone(profile.timeZone) ? profile.timeZone : DEFAULT_TIME_ZONE];
  const calendar = daysEndingWith(dayIn(now, timeZone), INSIGHT_DAYS);
  const stored = await AgentInsightDay.query.between(agentId, calendar[0]!, calendar[calendar.length - 1]!).all();
  const byDay = new Map(stored.map((d) => [d.day, d]));
  const days = calendar.map((day) => ({ day, leads: byDay.get(day)?.leads ?? 0, spendCents: byDay.get(day)?.spendCents ?? 0 }));
  const spendLast14DaysCents = days.slice(-FORECAST_PACE_DAYS).reduce((sum, d) => sum + d.spendCents, 0);
  return {
    timeZone,
    days,
    totalLeads: days.reduce((sum, d) => sum + d.leads, 0),
    totalSpendCents: days.reduce((sum, d) => sum + d.spendCents, 0),
    balanceCents: balance.balanceCents,
    spendLast14DaysCents,
    forecast: balanceForecast(balance.balanceCents, spendLast14DaysCents),
  };
}
