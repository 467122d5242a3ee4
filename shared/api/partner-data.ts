// The partner portal's data screens (issue 24): a vendor's Home (their leads per day by outcome and
// what they earned at their vendor price), their Leads (server-paged, with each lead's outcome and
// reasons) and their Returns (the disputes of their leads' sales with the decision and its evidence).
// Every route is under /partner/{vendorId}: the manifest lets a vendor user read only their own
// vendor's. What a vendor sees of a lead is what they sent and what became of it: never the buying
// agent, the order or the engine's trace.
import { z } from 'zod';
import { consentEvidenceSchema } from './consent.ts';
import { built, calendarDay, END_BEFORE_START, idParam } from './define.ts';

/** The longest range one request reads (a year and a day). */
export const PARTNER_MAX_DAYS = 366;
export const PARTNER_PAGE_SIZE = 25;
export const PARTNER_PAGE_SIZE_MAX = 100;
/** The ranges the Home offers (the last 7, 30 or 90 days, today included). */
export const PARTNER_HOME_RANGES = [7, 30, 90] as const;

/** The outcomes a lead is filtered by: the lead's status, or Returned (sold, then a dispute of a sale approved). */
export const PARTNER_OUTCOMES = ['Sold', 'Unsold', 'CallCenter', 'Duplicate', 'Rejected', 'Returned'] as const;
export type PartnerOutcome = (typeof PARTNER_OUTCOMES)[number];
export const PARTNER_LEAD_STATUSES = ['Sold', 'Unsold', 'CallCenter', 'Duplicate', 'Rejected'] as const;
export const PARTNER_RETURN_STATUSES = ['Submitted', 'Approved', 'Denied'] as const;

/** Words for each outcome, as the screens and captions write them. */
export const OUTCOME_LABELS: Record<PartnerOutcome, string> = {
  Sold: 'Sold',
  Unsold: 'Unsold',
  CallCenter: 'Call center',
  Duplicate: 'Duplicate',
  Rejected: 'Rejected',
  Returned: 'Returned',
};

export const PARTNER_DATA_MESSAGES = {
  range: `The date range can be at most ${PARTNER_MAX_DAYS} days.`,
  page: 'page must be a whole number of 1 or more.',
  pageSize: `pageSize must be a whole number from 1 to ${PARTNER_PAGE_SIZE_MAX}.`,
  outcome: `outcome must be one of ${PARTNER_OUTCOMES.join(', ')}.`,
  status: `status must be one of ${PARTNER_RETURN_STATUSES.join(', ')}.`,
  leadId: 'Lead id must be 1 to 64 letters, digits, dashes or underscores.',
  leadNotFound: 'Lead not found.',
} as const;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const whole = (message: string, min: number, max: number) =>
  z.union([z.number(), z.string().trim().regex(/^\d+$/, message).transform(Number)], { error: message }).pipe(z.number().int(message).min(min, message).max(max, message));

const dayCount = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

/** from and to (YYYY-MM-DD, both included, on the reporting calendar: Central), at most PARTNER_MAX_DAYS days. */
const rangeShape = { from: calendarDay('from'), to: calendarDay('to') };
type Range = { from: string; to: string };
function checkedRange<S extends z.ZodRawShape>(shape: S) {
  return z
    .object({ ...rangeShape, ...shape })
    .refine((q) => (q as Range).to >= (q as Range).from, { message: END_BEFORE_START, when: (payload) => payload.issues.length === 0 })
    .refine((q) => dayCount((q as Range).from, (q as Range).to) <= PARTNER_MAX_DAYS, { message: PARTNER_DATA_MESSAGES.range, when: (payload) => payload.issues.length === 0 });
}

const paging = {
  page: whole(PARTNER_DATA_MESSAGES.page, 1, 1_000_000).default(1),
  pageSize: whole(PARTNER_DATA_MESSAGES.pageSize, 1, PARTNER_PAGE_SIZE_MAX).default(PARTNER_PAGE_SIZE),
};

export const partnerVendorParams = z.object({ vendorId: idParam('Vendor id') });
export const partnerLeadParams = z.object({
  vendorId: idParam('Vendor id'),
  /** The lead's id (as the list gives it) or its number. */
  leadId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, PARTNER_DATA_MESSAGES.leadId),
});

// ---------------------------------------------------------------------------------------------
// Home: GET /partner/{vendorId}/summary?from&to

export const partnerSummaryQuery = checkedRange({});
export type PartnerSummaryQuery = z.output<typeof partnerSummaryQuery>;

export const partnerFiguresSchema = z.object({
  /** Leads the vendor posted that were stored (a post refused with a 400 is not a lead). */
  Posted: z.number().int(),
  /** Of those, by their outcome now; the five add up to Posted. */
  Sold: z.number().int(),
  Unsold: z.number().int(),
  CallCenter: z.number().int(),
  Duplicate: z.number().int(),
  Rejected: z.number().int(),
  /** Of the rejected, those refused because the phone is on a do-not-call list ("rejected: do not call"). */
  RejectedDoNotCall: z.number().int(),
  /** Of the sold ones, those returned (a dispute of one of their sales approved), once per lead. */
  Returned: z.number().int(),
  /** Dollars: the vendor's price of the sold leads (each lead once, at the price when it first sold). */
  SoldRevenue: z.number(),
  /** Dollars: the vendor's price of the returned leads. */
  ReturnedRevenue: z.number(),
  /** Dollars: SoldRevenue − ReturnedRevenue, what the vendor earned. */
  Revenue: z.number(),
});
export type PartnerFigures = z.infer<typeof partnerFiguresSchema>;

export const partnerSummarySchema = z.object({
  From: z.string(),
  To: z.string(),
  /** Every day of the range, oldest first (days without leads hold zeros), by the day each lead arrived. */
  Days: z.array(partnerFiguresSchema.extend({ Day: z.string() })),
  Totals: partnerFiguresSchema,
});
export type PartnerSummary = z.infer<typeof partnerSummarySchema>;

// ---------------------------------------------------------------------------------------------
// Leads: GET /partner/{vendorId}/leads?from&to&campaignId&outcome&page&pageSize, and one lead

export const partnerLeadsQuery = checkedRange({
    campaignId: z.preprocess(blankToUndefined, idParam('Campaign id').optional()),
    outcome: z.preprocess(blankToUndefined, z.enum(PARTNER_OUTCOMES, { error: PARTNER_DATA_MESSAGES.outcome }).optional()),
    ...paging,
});
export type PartnerLeadsQuery = z.output<typeof partnerLeadsQuery>;

export const partnerLeadRowSchema = z.object({
  LeadId: z.string(),
  UserFacingLeadId: z.number(),
  /** The vendor's own id of the lead, as they posted it. */
  SourceId: z.string(),
  /** UTC ISO time of arrival. */
  LeadTimeStamp: z.string(),
  /** The arrival day (YYYY-MM-DD) on the reporting calendar. */
  LeadDate: z.string(),
  CampaignId: z.string(),
  CampaignName: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  StateCode: z.string(),
  ZipCode: z.string(),
  LeadStatus: z.enum(PARTNER_LEAD_STATUSES),
  /** Sold, then returned: a dispute of one of its sales approved. */
  Returned: z.boolean(),
  /** Why it was not sold, rejected, a duplicate or sent to the call center (the engine's words); empty when sold at once. */
  Reasons: z.array(z.string()),
});
export type PartnerLeadRow = z.infer<typeof partnerLeadRowSchema>;

export const partnerLeadsPageSchema = z.object({
  Data: z.array(partnerLeadRowSchema),
  Pages: z.number(),
  TotalCount: z.number(),
});
export type PartnerLeadsPage = z.infer<typeof partnerLeadsPageSchema>;

/** A dispute of a vendor's lead as the vendor sees it: the reason, the decision and its evidence; never who bought or who decided. */
export const partnerReturnSchema = z.object({
  LeadId: z.string(),
  UserFacingLeadId: z.number(),
  SourceId: z.string(),
  LeadTimeStamp: z.string(),
  CampaignName: z.string(),
  /** The vendor's reason code the agent picked, and the vendor's words for it (the code when the vendor no longer lists it). */
  VendorReason: z.string(),
  Reason: z.string(),
  Status: z.enum(PARTNER_RETURN_STATUSES),
  /** When it was submitted and decided (UTC ISO). */
  DisputedAt: z.string(),
  DecidedAt: z.string().nullable(),
  /** 'Automatic check' (the pre-checks found clear evidence) or 'Staff'. */
  DecidedBy: z.enum(['Automatic check', 'Staff']).nullable(),
  /** The pre-checks' evidence or the staff reason, once decided. */
  Decision: z.string().nullable(),
});
export type PartnerReturn = z.infer<typeof partnerReturnSchema>;

export const partnerLeadDetailSchema = z.object({
  Lead: partnerLeadRowSchema.extend({
    /** What the vendor was answered when they posted it. */
    Answer: z.object({ Result: z.enum(['sold', 'unsold', 'duplicate', 'rejected']), Reasons: z.array(z.string()) }).nullable(),
    /** The consent evidence the vendor sent with it. */
    Consent: consentEvidenceSchema,
  }),
  Returns: z.array(partnerReturnSchema),
});
export type PartnerLeadDetail = z.infer<typeof partnerLeadDetailSchema>;

// ---------------------------------------------------------------------------------------------
// Returns: GET /partner/{vendorId}/returns?from&to&status&page&pageSize

export const partnerReturnsQuery = checkedRange({
    status: z.preprocess(blankToUndefined, z.enum(PARTNER_RETURN_STATUSES, { error: PARTNER_DATA_MESSAGES.status }).optional()),
    ...paging,
});
export type PartnerReturnsQuery = z.output<typeof partnerReturnsQuery>;

export const partnerReturnsPageSchema = z.object({
  Data: z.array(partnerReturnSchema),
  Pages: z.number(),
  TotalCount: z.number(),
});
export type PartnerReturnsPage = z.infer<typeof partnerReturnsPageSchema>;

export const partnerDataApi = {
  'partner.summary': built({ params: partnerVendorParams, query: partnerSummaryQuery, response: partnerSummarySchema }),
  'partner.leads': built({ params: partnerVendorParams, query: partnerLeadsQuery, response: partnerLeadsPageSchema }),
  'partner.lead': built({ params: partnerLeadParams, response: partnerLeadDetailSchema }),
  'partner.returns': built({ params: partnerVendorParams, query: partnerReturnsQuery, response: partnerReturnsPageSchema }),
} as const;
