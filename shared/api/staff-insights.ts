// The staff Home's insights (issue 12, beyond the spec): the marketplace per reporting day for the
// last 30 days (leads received and sold, fill rate, sales, revenue, vendor cost, margin), the active
// orders starving for leads and the unsold supply of the last 7 days. Money in dollars at the edge.
import { z } from 'zod';
import type { RouteContract } from './define.ts';
import { built } from './define.ts';

export const staffInsightDaySchema = z.object({
  /** YYYY-MM-DD on the reporting calendar (Central). */
  Day: z.string(),
  /** Leads that arrived that day and were stored (sold, unsold, duplicate, rejected, call center). */
  LeadsReceived: z.number().int().nonnegative(),
  /** Of those, the leads sold to at least one agent (a later retry's sale counts on the arrival day). */
  LeadsSold: z.number().int().nonnegative(),
  /** LeadsSold ÷ LeadsReceived (0 to 1), null on a day without leads. */
  FillRate: z.number().nullable(),
  /** Sales to agents that day (a shared lead sold to three agents is three). */
  Sales: z.number().int().nonnegative(),
  /** What agents were charged for those sales (before dispute credits). */
  Revenue: z.number(),
  /** The vendor's price of each lead first sold that day (the campaign-vendor VendorPrice), once per lead. */
  VendorCost: z.number(),
  /** Revenue − VendorCost. */
  Margin: z.number(),
});

export const starvingOrderSchema = z.object({
  OrderId: z.string(),
  UserFacingOrderId: z.number().int(),
  AgentId: z.string(),
  AgentName: z.string(),
  LeadsLast7Days: z.number().int().nonnegative(),
  /** What the order's caps allow in 7 days (weekly cap, or 7 daily caps, or 7/30 of the monthly). */
  CapLast7Days: z.number().int().positive(),
  /** LeadsLast7Days ÷ CapLast7Days in percent, one decimal. */
  FillPercent: z.number(),
});

export const unsoldSupplySchema = z.object({
  Campaign: z.string(),
  Vendor: z.string(),
  State: z.string(),
  Received: z.number().int().nonnegative(),
  Unsold: z.number().int().nonnegative(),
});

export const staffInsightsSchema = z.object({
  Days: z.array(staffInsightDaySchema),
  Totals: staffInsightDaySchema.omit({ Day: true }),
  StarvingOrders: z.array(starvingOrderSchema),
  UnsoldSupply: z.array(unsoldSupplySchema),
  /** Active orders with a day, week or month cap that were ranked. */
  CappedActiveOrders: z.number().int().nonnegative(),
});
export type StaffInsightsDto = z.infer<typeof staffInsightsSchema>;

export const staffInsightsApi = {
  'reports.insights': built({ response: staffInsightsSchema }),
} satisfies Record<string, RouteContract>;
