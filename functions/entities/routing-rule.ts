// A routing rule (spec part 3 §3): which share of the leads matching its zips, states, lines of
// business and campaigns goes to the call center and which to the POST target. The rules of a stage
// are a few dozen and always read together, so they share one partition.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';

/** The default rule's fixed id: there is exactly one, and a create cannot make a second. */
export const DEFAULT_RULE_ID = 'default';

export const RoutingRule = defineEntity({
  entity: 'RoutingRule',
  version: 1,
  schema: z.object({
    ruleId: z.string(),
    name: z.string(),
    description: z.string(),
    active: z.boolean(),
    /** Percent of matching leads for the POST target. */
    ppPercent: z.number().int().min(0).max(100),
    callCenterPercent: z.number().int().min(0).max(100),
    /** 5-digit zips and 3-digit SCFs. Lists are lists here; only the wire joins them with a pipe. */
    zipCodes: z.array(z.string()),
    states: z.array(z.string()),
    linesOfBusiness: z.array(z.string()),
    campaignIds: z.array(z.string()),
    defaultRule: z.boolean(),
    /**
     * The order key: unique among the rules, smaller first (handed out by the RULE_PRIORITY counter,
     * exchanged by swaps). The API shows each rule's place 1..n instead; the default rule is last
     * whatever its value.
     */
    priority: z.number().int().nonnegative(),
    createdDate: z.string(),
    callCenterCount: z.number().int().nonnegative(),
    ppCount: z.number().int().nonnegative(),
    revision: z.number().int().min(1),
    modifiedBy: z.string(),
    lastUpdated: z.string(),
  }),
  /** rule by id */
  key: (r: { ruleId: string }) => ({ pk: 'RULES', sk: `RULE#${r.ruleId}` }),
  queries: {
    /** every rule (#74) */
    all: () => ({ pk: 'RULES', sk: { beginsWith: 'RULE#' } }),
  },
});
export type RoutingRule = z.infer<typeof RoutingRule.schema>;

/** Shards of a rule's routed-lead counts: each lead counts on one (by its id), so no partition takes every lead of a busy rule. */
export const ROUTE_COUNT_SHARDS = 8;

/**
 * The leads a rule routed, on one shard: ADDed by the projector's `routing-counts` view from each
 * stored lead's `ruleId` and `routedTo`. The rules' shown counts are the rule's own (seeded or from
 * before the view) plus the shards' sums (routing-rules.ts `withRouteCounts`).
 */
export const RouteCount = defineEntity({
  entity: 'RouteCount',
  version: 1,
  schema: z.object({ ruleId: z.string(), shard: z.number().int().nonnegative(), callCenter: z.number().int().nonnegative().default(0), post: z.number().int().nonnegative().default(0) }),
  key: (c: { ruleId: string; shard: number }) => ({ pk: `RULE_COUNT#${c.ruleId}#${c.shard}`, sk: 'COUNT' }),
});
export type RouteCount = z.infer<typeof RouteCount.schema>;
