// Routing-rule simulation (issue 12 Insights, beyond the spec): before a rule change is saved, the last
// 30 days of leads are replayed through the rule set as it would be with the change and as it is, and
// the call-center and post-target counts of each are shown side by side.
import { z, type ZodType } from 'zod';
import { built, type RouteContract } from './define.ts';
import { RULE_MESSAGES, ruleCreateSchema } from '../rules.ts';

/** The replay window: leads that arrived in the last 30 days. */
export const RULE_SIMULATION_DAYS = 30;
/** The most leads one simulation replays; past it, the newest this many of the window (said in the answer). */
export const RULE_SIMULATION_MAX_LEADS = 10_000;
/** The row of leads no active rule matched (the engine offers them to orders without a rule). */
export const NO_RULE_ID = '-';

export const RULE_SIMULATION_TEXTS = {
  action: 'Simulate',
  title: 'Simulation: the last 30 days replayed',
  help:
    'Every lead of the last 30 days that reached routing (not rejected, not a duplicate) is replayed in arrival order through the rules as they are and as they would be with this change: the first active rule that matches takes it, and each rule sends floor(n × Call Center % ÷ 100) of its first n leads to the call center, counted afresh from the start of the window. Nothing is saved.',
  noLeads: 'No leads reached routing in the last 30 days, so there is nothing to replay.',
  sampled: (replayed: number) => `More leads arrived than one simulation replays: the newest ${replayed} were replayed.`,
  newRule: '(this new rule)',
  noRule: 'No rule matched',
} as const;

/** The proposed change: a new rule (no RuleId) or an edit of the rule with this RuleId; nothing is saved. */
export const ruleSimulationBodySchema = z.object({
  RuleId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, RULE_MESSAGES.ruleNotFound).optional(),
  Rule: ruleCreateSchema,
});
export type RuleSimulationBody = z.input<typeof ruleSimulationBodySchema>;
export type RuleSimulationInput = z.output<typeof ruleSimulationBodySchema>;

const split = z.object({ CallCenter: z.number().int(), Post: z.number().int() });

export const ruleSimulationRowSchema = z.object({
  /** NO_RULE_ID for the leads no active rule matched; '' for the proposed new rule. */
  RuleId: z.string(),
  Name: z.string(),
  Current: split,
  Proposed: split,
});

export const ruleSimulationSchema = z.object({
  From: z.string(),
  To: z.string(),
  LeadsReplayed: z.number().int(),
  /** True when more leads arrived than RULE_SIMULATION_MAX_LEADS: the newest that many were replayed. */
  Sampled: z.boolean(),
  /** The rules in the proposed order, then any rule only the current set has, then the no-rule row. */
  Rules: z.array(ruleSimulationRowSchema),
  Totals: z.object({ Current: split, Proposed: split }),
});
export type RuleSimulationDto = z.infer<typeof ruleSimulationSchema>;

// Typed as areaContract types an area's entries (this entry is spread into the rules contract): the
// parts the route does not take (no path parameters, no query) accept anything, so a call may leave them out.
export const ruleSimulationApi = {
  'rules.simulate': built({ body: ruleSimulationBodySchema, response: ruleSimulationSchema }) as RouteContract<ZodType, ZodType, typeof ruleSimulationBodySchema, typeof ruleSimulationSchema>,
} as const;
