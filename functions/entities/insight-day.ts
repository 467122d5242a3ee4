// The Home insights' day aggregates (issue 12), ADDed in the lead engine's own transactions so the
// charts read at most 30 items per agent and one partition per day, never the leads or the ledger.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { agentPk } from '#platform/keys.ts';

const count = z.number().int().nonnegative().default(0);

/**
 * An agent's lead purchases on one day of the agent's time zone: leads bought and what they charged
 * (the LeadSpend debits), ADDed in each sale transaction beside the debit. "Agent insight days of an
 * agent in [from, to]": one Query of the agent partition.
 */
export const AgentInsightDay = defineEntity({
  entity: 'AgentInsightDay',
  version: 1,
  schema: z.object({
    agentId: z.string(),
    /** YYYY-MM-DD in the agent's time zone when the lead sold. */
    day: z.string(),
    leads: count,
    spendCents: count,
  }),
  key: (d: { agentId: string; day: string }) => ({ pk: agentPk(d.agentId), sk: `INSIGHT_DAY#${d.day}` }),
  queries: {
    between: (agentId: string, fromDay: string, toDay: string) => ({ pk: agentPk(agentId), sk: { between: [`INSIGHT_DAY#${fromDay}`, `INSIGHT_DAY#${toDay}`] as const } }),
  },
});
export type AgentInsightDay = z.infer<typeof AgentInsightDay.schema>;

/**
 * The marketplace on one reporting day (Central), one item per campaign, vendor and lead state that
 * had traffic: leads received and, of those, sold (by the lead's arrival day), and the sales, revenue
 * and vendor cost of the day's sales (by sale day). "Marketplace of a day": one Query of `MARKET_DAY#{day}`.
 */
export const MarketDay = defineEntity({
  entity: 'MarketDay',
  version: 1,
  schema: z.object({
    day: z.string(),
    campaignId: z.string(),
    /** '-' for a form lead (no vendor). */
    vendorId: z.string(),
    state: z.string(),
    received: count,
    sold: count,
    sales: count,
    revenueCents: count,
    vendorCostCents: count,
  }),
  key: (m: { day: string; campaignId: string; vendorId: string; state: string }) => ({ pk: `MARKET_DAY#${m.day}`, sk: `${m.campaignId}#${m.vendorId}#${m.state}` }),
  queries: {
    ofDay: (day: string) => ({ pk: `MARKET_DAY#${day}` }),
  },
});
export type MarketDay = z.infer<typeof MarketDay.schema>;
