// The Home insights' day aggregates (issue 12), ADDed by the projector's insights view
// (views/insights-view.ts) so the charts read at most 30 items per agent and a few partitions per
// day, never the leads or the ledger.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { agentPk } from './agent-profile.ts';

const count = z.number().int().nonnegative().default(0);

/**
 * An agent's lead purchases on one day of the agent's time zone: leads bought and what they charged
 * (the LeadSpend debits), ADDed from each LeadSale by the insights view. "Agent insight days of an
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

/** Shards of a day's marketplace items: every lead ADDs to one, chosen by its id, so no partition takes every lead of the day. */
export const MARKET_TOTAL_SHARDS = 8;

/**
 * The marketplace on one reporting day (Central), one item per campaign, vendor and lead state that
 * had traffic in each of the day's MARKET_TOTAL_SHARDS partitions (by lead): leads received and, of
 * those, sold (by the lead's arrival day), and the sales, revenue and vendor cost of the day's sales
 * (by sale day). "Marketplace of a day": one Query of each `MARKET_DAY#{day}#{shard}`, cells summed.
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
    shard: z.number().int().nonnegative().default(0),
    received: count,
    sold: count,
    sales: count,
    revenueCents: count,
    vendorCostCents: count,
  }),
  key: (m: { day: string; shard: number; campaignId: string; vendorId: string; state: string }) => ({ pk: `MARKET_DAY#${m.day}#${m.shard}`, sk: `${m.campaignId}#${m.vendorId}#${m.state}` }),
  queries: {
    ofDayShard: (day: string, shard: number) => ({ pk: `MARKET_DAY#${day}#${shard}` }),
  },
});
export type MarketDay = z.infer<typeof MarketDay.schema>;

/**
 * The marketplace's totals on one reporting day, in MARKET_TOTAL_SHARDS items: the same counters as
 * MarketDay summed over campaigns, vendors and states, so the 30-day series reads ≤ 8 items a day.
 * "Totals of a day": one BatchGet of its shards' keys (each shard its own partition).
 */
export const MarketDayTotal = defineEntity({
  entity: 'MarketDayTotal',
  version: 1,
  schema: z.object({
    day: z.string(),
    shard: z.number().int().nonnegative(),
    received: count,
    sold: count,
    sales: count,
    revenueCents: count,
    vendorCostCents: count,
  }),
  key: (m: { day: string; shard: number }) => ({ pk: `MARKET_TOTAL#${m.day}#${m.shard}`, sk: 'TOTAL' }),
});
export type MarketDayTotal = z.infer<typeof MarketDayTotal.schema>;

/**
 * The staff Home's list of orders starving for leads as last computed (it reads every active order,
 * so it is computed at most every few minutes and kept here): one item, `INSIGHTS` / `STARVING`.
 */
export const StarvingSnapshot = defineEntity({
  entity: 'StarvingSnapshot',
  version: 1,
  schema: z.object({
    computedAt: z.string(),
    cappedActiveOrders: z.number().int().nonnegative(),
    orders: z.array(
      z.object({
        orderId: z.string(),
        userFacingOrderId: z.number().int(),
        agentId: z.string(),
        agentName: z.string(),
        leadsLast7Days: z.number().int().nonnegative(),
        capLast7Days: z.number().int().positive(),
        fillPercent: z.number(),
      }),
    ),
    ttl: z.number().int(),
  }),
  key: () => ({ pk: 'INSIGHTS', sk: 'STARVING' }),
});
export type StarvingSnapshot = z.infer<typeof StarvingSnapshot.schema>;
