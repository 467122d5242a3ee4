// Step 1 of the fund flow, Select Funds (2§5), and the campaign flow's lead type and vendor steps.
import { z } from 'zod';
import { campaignChoiceSchema, fundIdSchema, ORDER_LIMITS } from './order.ts';

export const FUND_STEP_MESSAGES = {
  // Word for word, the spec's grammar included.
  required: 'At least one fund must is required.',
  inactive: 'Inactive or expired funds will not receive leads. Please remove inactive funds before proceeding',
  leadTypeRequired: 'At least one lead type must be selected.',
  vendorRequired: 'At least one vendor must be selected.',
} as const;

export const fundsStepSchema = z.object({
  SelectedFunds: z
    .array(fundIdSchema)
    .min(1, FUND_STEP_MESSAGES.required)
    .max(ORDER_LIMITS.fundsMax)
    .refine((ids) => new Set(ids).size === ids.length, 'A fund is listed twice.'),
});
export type FundsStepValues = z.input<typeof fundsStepSchema>;

/** A fund as the step sees it: whether it can receive leads now. */
export interface FundState {
  FundId: string;
  IsActive: boolean;
  /** YYYY-MM-DD or ISO; empty = open-ended. */
  StartDate?: string;
  EndDate?: string;
}

/** True when the fund is switched on and today lies within its dates. */
export function fundReceivesLeads(fund: FundState, today: string): boolean {
  if (!fund.IsActive) return false;
  if (fund.StartDate && fund.StartDate.slice(0, 10) > today) return false;
  if (fund.EndDate && fund.EndDate.slice(0, 10) < today) return false;
  return true;
}

/** The Next check of the funds step: every selected fund must exist and receive leads. */
export function fundsStepMessage(selected: readonly string[], funds: readonly FundState[], today: string): string | undefined {
  if (selected.length === 0) return FUND_STEP_MESSAGES.required;
  const byId = new Map(funds.map((f) => [f.FundId, f]));
  return selected.every((id) => {
    const fund = byId.get(id);
    return fund !== undefined && fundReceivesLeads(fund, today);
  })
    ? undefined
    : FUND_STEP_MESSAGES.inactive;
}

/** Campaign flow, lead types (step 1) and vendors (step 2): every chosen campaign needs a vendor. */
export const campaignsStepSchema = z.object({
  Campaigns: z
    .array(campaignChoiceSchema)
    .min(1, FUND_STEP_MESSAGES.leadTypeRequired)
    .max(ORDER_LIMITS.campaignsMax)
    .refine((c) => new Set(c.map((x) => x.CampaignId)).size === c.length, 'A lead type is listed twice.'),
});
export type CampaignsStepValues = z.input<typeof campaignsStepSchema>;

export const vendorsStepSchema = campaignsStepSchema.superRefine((v, ctx) => {
  if (v.Campaigns.some((c) => c.VendorIds.length === 0)) ctx.addIssue({ code: 'custom', message: FUND_STEP_MESSAGES.vendorRequired, path: ['Campaigns'] });
});
