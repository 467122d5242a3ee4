// One row of a fund's makeup history (spec part 3 §3 "Makeup history row"): a campaign vendor added to
// or removed from the fund, its priority changed, or its link switched on or off. Written in the same
// transaction as the link change it records (campaign save's fund selections, cvf enable/disable).
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';

export const MAKEUP_CHANGE_TYPES = ['Added', 'Removed', 'PriorityChange', 'ActiveChange'] as const;
export type MakeupChangeType = (typeof MAKEUP_CHANGE_TYPES)[number];

export const FundMakeupHistory = defineEntity({
  entity: 'FundMakeupHistory',
  version: 1,
  schema: z.object({
    fundId: z.string(),
    historyId: z.string(),
    /** UTC ISO time of the change. */
    modified: z.string(),
    modifiedBy: z.string(),
    campaignVendorId: z.string(),
    /** Names as they were at the time of the change (the history keeps them even after a rename). */
    campaignName: z.string(),
    vendorName: z.string(),
    priority: z.number().int().nonnegative(),
    isActive: z.boolean(),
    changeType: z.enum(MAKEUP_CHANGE_TYPES),
  }),
  key: (h: { fundId: string; modified: string; historyId: string }) => ({ pk: `FUND#${h.fundId}`, sk: `MAKEUP#${h.modified}#${h.historyId}` }),
  queries: {
    /** a fund's makeup history; read newest first */
    ofFund: (fundId: string) => ({ pk: `FUND#${fundId}`, sk: { beginsWith: 'MAKEUP#' } }),
  },
});
export type FundMakeupHistory = z.infer<typeof FundMakeupHistory.schema>;
