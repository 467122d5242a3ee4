// GET /api/agent/{agentId}/insights: the agent Home's spend and leads per day (last 30 days of the
// agent's zone) and the balance run-out forecast (issue 12). The manifest lets an agent read only
// their own; staff who may view accounts read any agent's.
import { agentInsights } from '#core/reports/insights/agent-insights.ts';
import { ok, route } from '#platform/http.ts';
import { centsToDollars } from '#shared/money.ts';

export const getAgentInsights = route('account.insights', {
  handle: async ({ params }) => {
    const i = await agentInsights(params.agentId);
    return ok({
      TimeZone: i.timeZone,
      Days: i.days.map((d) => ({ Day: d.day, Leads: d.leads, Spend: centsToDollars(d.spendCents) })),
      TotalLeads: i.totalLeads,
      TotalSpend: centsToDollars(i.totalSpendCents),
      Balance: centsToDollars(i.balanceCents),
      SpendLast14Days: centsToDollars(i.spendLast14DaysCents),
      Forecast: { Kind: i.forecast.kind, Days: i.forecast.days, Text: i.forecast.text },
    });
  },
});
