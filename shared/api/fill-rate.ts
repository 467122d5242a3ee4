// The order wizards' fill-rate preview (issue 12 Insights, beyond the spec): the wizard's draft — the
// funds or campaigns and vendors, the geography, the schedule and the caps, each parsed by the same
// step schemas the save uses — answered with the expected leads per week and what that figure rests on.
import { z, type ZodType } from 'zod';
import { agentIdParam, built, type RouteContract } from './define.ts';
import { frequencyStepShape } from '../orders/step-frequency.ts';
import { campaignsStepSchema, fundsStepSchema } from '../orders/step-funds.ts';
import { regionsStepSchema } from '../orders/step-regions.ts';
import { campaignTimeSlotSchema, ORDER_LIMITS, orderIdSchema, timeSlotSchema } from '../orders/order.ts';

/** The supply window: leads that arrived in the last 4 weeks. */
export const FILL_RATE_WEEKS = 4;
/** The most leads one preview reads; past it the estimate scales the newest leads read to the window. */
export const FILL_RATE_MAX_LEADS = 2_000;
/** A shared third-party lead sells to at most this many agents (the engine's SHARED_LEAD_MAX_AGENTS). */
export const FILL_RATE_SHARED_MAX = 3;

/** The formula, as the wizard's help text and docs/api.md say it. */
export const FILL_RATE_TEXTS = {
  title: 'Expected leads per week',
  help:
    'Estimated from the last 4 weeks: every lead that arrived for these funds or lead types and vendors, in these states or zip codes, within this schedule and offered to orders (not sent to the call center, not a duplicate or rejected), counted as 1 ÷ (1 + the other active orders that could have taken it) — a shared lead as 3 ÷ (1 + others), at most 1 — summed, divided by 4 and held to the weekly, daily × 7 and monthly × 7 ÷ 30 caps. Agent priority, distance, balances and the other orders’ caps are left out, so it is an approximation.',
  noHistory: 'No leads matching these choices arrived in the last 4 weeks, so there is no history to estimate from.',
  unavailable: 'The estimate is not available right now. You can still save the order.',
  basis: (perWeek: string, matching: number, competing: number) =>
    `${perWeek} leads/week: ${matching} matching lead${matching === 1 ? '' : 's'} in the last 4 weeks shared with ${competing} competing order${competing === 1 ? '' : 's'}`,
  sampled: (read: number) => `More leads arrived than one estimate reads: the newest ${read} were read and scaled to the 4 weeks.`,
  capped: (perWeek: string) => `The order's caps hold it to ${perWeek} leads/week.`,
} as const;

const common = {
  /** The order being edited (it does not compete with itself); a new order's browser-made id. */
  OrderId: orderIdSchema.optional(),
  ...regionsStepSchema.shape,
  MaxPerHour: frequencyStepShape.MaxPerHour.optional().default(0),
  MaxPerDay: frequencyStepShape.MaxPerDay.optional().default(0),
  MaxPerWeek: frequencyStepShape.MaxPerWeek.optional().default(0),
  MaxPerMonth: frequencyStepShape.MaxPerMonth.optional().default(0),
};

/** The fund wizard's draft: its funds, and slots with day names. */
const fundDraftSchema = z.object({
  Flow: z.literal('fund'),
  ...fundsStepSchema.shape,
  ...common,
  OrderTimeSlots: z.array(timeSlotSchema).max(ORDER_LIMITS.slotsMax),
});

/** The campaign wizard's draft: lead types with their vendors, and slots with per-day flags. */
const campaignDraftSchema = z.object({
  Flow: z.literal('campaign'),
  ...campaignsStepSchema.shape,
  ...common,
  OrderTimeSlots: z.array(campaignTimeSlotSchema).max(ORDER_LIMITS.slotsMax),
});

export const fillRateBodySchema = z.discriminatedUnion('Flow', [fundDraftSchema, campaignDraftSchema]);
export type FillRateBody = z.input<typeof fillRateBodySchema>;
export type FillRateInput = z.output<typeof fillRateBodySchema>;

export const fillRateSchema = z.object({
  /** Expected leads a week for this order, one decimal. */
  LeadsPerWeek: z.number(),
  /** Before the caps. */
  UncappedLeadsPerWeek: z.number(),
  /** Leads of the window that this order could have taken (geography, schedule, funds or pairs). */
  MatchingLeads: z.number().int(),
  /** Other active orders that could have taken at least one of them. */
  CompetingOrders: z.number().int(),
  /** False when no matching lead arrived in the window: the figure is then 0 and means nothing. */
  HasHistory: z.boolean(),
  /** True when the bound was reached: the newest leads were read and scaled to the window. */
  Sampled: z.boolean(),
  LeadsRead: z.number().int(),
  From: z.string(),
  To: z.string(),
  /** The sentence the wizard shows: "N leads/week: X matching leads in the last 4 weeks shared with K competing orders". */
  Basis: z.string(),
});
export type FillRateDto = z.infer<typeof fillRateSchema>;

const fillRateParams = z.object({ agentId: agentIdParam });

// Typed as areaContract types an area's entries (this entry is spread into the orders contract): a
// part the route does not take (no query) accepts anything, so a call may leave it out.
export const fillRateApi = {
  'orders.fillRatePreview': built({ params: fillRateParams, body: fillRateBodySchema, response: fillRateSchema }) as RouteContract<
    typeof fillRateParams,
    ZodType,
    typeof fillRateBodySchema,
    typeof fillRateSchema
  >,
} as const;
