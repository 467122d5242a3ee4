// One row of a fund's history (spec part 3 §3 "Fund history row"): the fund as it was after each
// create, update, enable or disable, written in the same transaction as the change it records.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';

export const FUND_CHANGES = ['Created', 'Updated', 'Enabled', 'Disabled'] as const;

export const FundHistory = defineEntity({
  entity: 'FundHistory',
  version: 1,
  schema: z.object({
    fundId: z.string(),
    historyId: z.string(),
    /** UTC ISO time of the change. */
    modified: z.string(),
    modifiedBy: z.string(),
    change: z.enum(FUND_CHANGES),
    /** The fund's revision after the change (one row per revision). */
    revision: z.number().int().min(1),
    name: z.string(),
    code: z.string(),
    captivePriceCents: z.number().int().nonnegative(),
    brokerPriceCents: z.number().int().nonnegative(),
    isActive: z.boolean(),
    lineOfBusiness: z.number().int(),
    category: z.number().int(),
    isLiveTransfer: z.boolean(),
    channel: z.number().int(),
  }),
  /** fund history row by fund, time and id */
  key: (h: { fundId: string; modified: string; historyId: string }) => ({ pk: `FUND#${h.fundId}`, sk: `HISTORY#${h.modified}#${h.historyId}` }),
  queries: {
    /** a fund's history; read newest first */
    ofFund: (fundId: string) => ({ pk: `FUND#${fundId}`, sk: { beginsWith: 'HISTORY#' } }),
  },
});
export type FundHistory = z.infer<typeof FundHistory.schema>;
