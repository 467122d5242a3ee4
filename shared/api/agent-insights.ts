// The agent Home's insights (issue 12, beyond the spec): spend and leads per day for the last 30 days
// of the agent's time zone, and the balance run-out forecast in words. Money in dollars at the edge.
import { z } from 'zod';
import type { RouteContract } from './define.ts';
import { agentIdParam, built } from './define.ts';

export const agentInsightDaySchema = z.object({
  /** YYYY-MM-DD in the agent's time zone. */
  Day: z.string(),
  Leads: z.number().int().nonnegative(),
  /** What the lead purchases of the day charged, in dollars (before any dispute credit). */
  Spend: z.number(),
});

export const agentInsightsSchema = z.object({
  /** The IANA zone the days are counted in. */
  TimeZone: z.string(),
  /** 30 days, oldest first, today last; a day without purchases is there with zeros. */
  Days: z.array(agentInsightDaySchema),
  TotalLeads: z.number().int().nonnegative(),
  TotalSpend: z.number(),
  Balance: z.number(),
  /** Lead spend of the last 14 days (today included), the forecast's pace. */
  SpendLast14Days: z.number(),
  Forecast: z.object({
    Kind: z.enum(['lasts', 'lessThanADay', 'moreThanAYear', 'notUsed', 'empty', 'negative']),
    Days: z.number().int().nullable(),
    Text: z.string(),
  }),
});
export type AgentInsightsDto = z.infer<typeof agentInsightsSchema>;

export const agentInsightsApi = {
  'account.insights': built({ params: z.object({ agentId: agentIdParam }), response: agentInsightsSchema }),
} satisfies Record<string, RouteContract>;
