// All Leads (part 3 §2, §5, §7, §9): every lead of a date range (the page's month and year),
// filtered by campaign, vendor, lead ID and phone, server-paged in arrival order; its CSV export; and
// one lead for staff with its sales, disputes, routing and the whole decision trace ("why this lead").
import { z } from 'zod';
import { consentEvidenceSchema } from './consent.ts';
import { built, dateRangeParams, downloadLink, idParam } from './define.ts';

/** Part 3 §9: All Leads shows 10 rows a page. */
export const ALL_LEADS_PAGE_SIZE = 10;
/** Part 3 §9: the year choices are the current year and the 9 before it. */
export const ALL_LEADS_YEARS = 10;
/** The longest range one request reads (one Query per month of it). */
export const ALL_LEADS_MAX_DAYS = 366;
/** The most leads one CSV export holds (a Lambda's memory and time bound it). */
export const ALL_LEADS_EXPORT_MAX = 100_000;
/** The columns the table sorts by: arrival time only (a page is a skip and one Query of a time-ordered index). */
export const ALL_LEADS_SORT_COLUMNS = ['LeadTimeStamp'] as const;

export const ALL_LEADS_MESSAGES = {
  leadId: 'Lead ID must be digits only, up to 9 digits.',
  phone: 'Phone must be digits only: the 10 digits of (999) 999-9999.',
  page: 'page must be a whole number of 1 or more.',
  pageSize: 'pageSize must be a whole number from 1 to 100.',
  sortColumn: `sortColumnName must be one of ${ALL_LEADS_SORT_COLUMNS.join(', ')}.`,
  sortOrder: 'sortOrder must be asc or desc.',
  filterColumn: 'filterObject id must be one of CampaignId, VendorId, CampaignName, VendorName, LeadId, Phone.',
  name: 'Campaign and vendor names can be at most 100 characters.',
  range: `The date range can be at most ${ALL_LEADS_MAX_DAYS} days.`,
  ambiguousCampaign: 'More than one campaign has that name: choose the campaign by id.',
  ambiguousVendor: 'More than one vendor has that name: choose the vendor by id.',
  leadNotFound: 'Lead not found.',
  exportTooLarge: `An export can hold at most ${ALL_LEADS_EXPORT_MAX.toLocaleString('en-US')} leads: choose a month, a campaign or a vendor.`,
} as const;

/** Digits only, at most 9 (part 3 §5, §9): the lead's user-facing number. */
export const leadNumberSchema = z
  .string({ error: ALL_LEADS_MESSAGES.leadId })
  .trim()
  .regex(/^\d{1,9}$/, ALL_LEADS_MESSAGES.leadId)
  .refine((v) => Number(v) > 0, ALL_LEADS_MESSAGES.leadId);

/** A phone as typed behind the (999) 999-9999 mask: the mask's characters go, 10 digits must stay. */
export const leadPhoneSchema = z
  .string({ error: ALL_LEADS_MESSAGES.phone })
  .max(20, ALL_LEADS_MESSAGES.phone)
  .transform((v) => v.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(/^\d{10}$/, ALL_LEADS_MESSAGES.phone));

const whole = (message: string, min: number, max: number) =>
  z.union([z.number(), z.string().trim().regex(/^\d+$/, message).transform(Number)], { error: message }).pipe(z.number().int(message).min(min, message).max(max, message));

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalText = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

const FILTER_IDS: Record<string, 'campaignId' | 'vendorId' | 'campaignName' | 'vendorName' | 'leadId' | 'phone'> = {
  campaignid: 'campaignId',
  vendorid: 'vendorId',
  campaignname: 'campaignName',
  vendorname: 'vendorName',
  leadid: 'leadId',
  phone: 'phone',
};

/**
 * `filterObject[i].id` / `.Value` pairs (part 3 §7) become the flat filters; a flat query key wins
 * over a filterObject entry naming the same filter. An unknown id is a 400.
 */
function gatherFilters(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null) return raw;
  const out: Record<string, unknown> = {};
  const pairs = new Map<string, { id?: unknown; value?: unknown }>();
  for (const [key, value] of Object.entries(raw)) {
    const m = /^filterObject\[(\d{1,2})\]\.(id|value)$/i.exec(key);
    if (!m) {
      out[key] = value;
      continue;
    }
    const entry = pairs.get(m[1]!) ?? {};
    if (m[2]!.toLowerCase() === 'id') entry.id = value;
    else entry.value = value;
    pairs.set(m[1]!, entry);
  }
  const unknownIds: string[] = [];
  for (const { id, value } of pairs.values()) {
    const name = typeof id === 'string' ? FILTER_IDS[id.toLowerCase()] : undefined;
    if (!name) unknownIds.push(String(id));
    else if (out[name] === undefined) out[name] = value;
  }
  if (unknownIds.length) out.unknownFilter = unknownIds.join(',');
  return out;
}

const nameFilter = optionalText(z.string({ error: ALL_LEADS_MESSAGES.name }).trim().max(100, ALL_LEADS_MESSAGES.name));

export const allLeadsQuerySchema = z.preprocess(
  gatherFilters,
  z.object({
    page: whole(ALL_LEADS_MESSAGES.page, 1, 1_000_000).default(1),
    pageSize: whole(ALL_LEADS_MESSAGES.pageSize, 1, 100).default(ALL_LEADS_PAGE_SIZE),
    sortColumnName: z
      .string()
      .optional()
      .transform((v) => v || undefined)
      .pipe(z.enum(ALL_LEADS_SORT_COLUMNS, { error: ALL_LEADS_MESSAGES.sortColumn }).default('LeadTimeStamp')),
    /** Newest first unless asc. */
    sortOrder: z
      .string()
      .optional()
      .transform((v) => (v ? v.toLowerCase() : 'desc'))
      .pipe(z.enum(['asc', 'desc'], { error: ALL_LEADS_MESSAGES.sortOrder })),
    /** The campaign and vendor picked in the dropdowns (an addition: names need not be unique). */
    campaignId: optionalText(idParam('Campaign id')),
    vendorId: optionalText(idParam('Vendor id')),
    /** The spec's filters: an exact name (any case), resolved to the one campaign or vendor of that name. */
    campaignName: nameFilter,
    vendorName: nameFilter,
    leadId: optionalText(leadNumberSchema.transform(Number)),
    phone: optionalText(leadPhoneSchema),
    unknownFilter: z.undefined({ error: ALL_LEADS_MESSAGES.filterColumn }).optional(),
  }),
);
export type AllLeadsQuery = z.output<typeof allLeadsQuerySchema>;

/** The date range of the page's month and year, in the company's reporting time zone (Central). */
export const allLeadsRangeParams = dateRangeParams({}).refine(
  (p) => (Date.parse(`${p.endDate}T00:00:00Z`) - Date.parse(`${p.startDate}T00:00:00Z`)) / 86_400_000 < ALL_LEADS_MAX_DAYS,
  // A range is judged only between two valid days: a bad end date is named alone.
  { message: ALL_LEADS_MESSAGES.range, when: (payload) => payload.issues.length === 0 },
);

export const LEAD_STATUS_NAMES = ['Sold', 'Unsold', 'Duplicate', 'Rejected', 'CallCenter'] as const;

/** One row of the All Leads table (part 3 §3 Lead, the fields a staff table shows). */
export const allLeadRowSchema = z.object({
  LeadId: z.string(),
  UserFacingLeadId: z.number(),
  /** UTC ISO time of arrival; the browser shows it in the viewer's time zone. */
  LeadTimeStamp: z.string(),
  /** The arrival day (YYYY-MM-DD) in the reporting time zone. */
  LeadDate: z.string(),
  CampaignId: z.string(),
  SourceCampaignName: z.string(),
  VendorId: z.string().nullable(),
  VendorName: z.string().nullable(),
  FirstName: z.string(),
  LastName: z.string(),
  PrimaryPhone: z.string(),
  Email: z.string().nullable(),
  City: z.string().nullable(),
  StateCode: z.string(),
  ZipCode: z.string(),
  Score: z.number().nullable(),
  LeadStatus: z.enum(LEAD_STATUS_NAMES),
  /** How many agents bought it (a shared third-party lead sells to several). */
  SaleCount: z.number(),
});
export type AllLeadRow = z.infer<typeof allLeadRowSchema>;

export const allLeadsPageSchema = z.object({
  Data: z.array(allLeadRowSchema),
  Pages: z.number(),
  TotalCount: z.number(),
});
export type AllLeadsPage = z.infer<typeof allLeadsPageSchema>;

const personSchema = z.object({ AgentId: z.string(), FirstName: z.string().nullable(), LastName: z.string().nullable() });

export const leadSaleDtoSchema = z.object({
  /** The agent whose order bought the lead (the one charged). */
  Agent: personSchema,
  /** Who it was delivered to (the buyer, or a downline agent of the order's distribution). */
  Recipient: personSchema,
  OrderId: z.string(),
  UserFacingOrderId: z.number(),
  FundId: z.string().nullable(),
  FundName: z.string().nullable(),
  /** Dollars. */
  AgentPurchasePrice: z.number(),
  CompanyPurchasePrice: z.number(),
  SoldAt: z.string(),
  /** The engine's own words: the order and what it matched ("state IL, Tuesday 10:30 Central, 3 of 10 today"). */
  Why: z.string(),
});
export type LeadSaleDto = z.infer<typeof leadSaleDtoSchema>;

export const leadDisputeDtoSchema = z.object({
  AgentId: z.string(),
  SubmittedBy: z.string(),
  VendorReason: z.string(),
  /** The vendor's text for VendorReason, as the agent picked it; the code when the vendor no longer lists it. */
  UserFacingReason: z.string(),
  UserComments: z.string(),
  DisputeStatus: z.enum(['Submitted', 'Approved', 'Denied']),
  DisputeDateTime: z.string(),
  DecidedAt: z.string().nullable(),
  DecidedBy: z.string().nullable(),
  DecisionReason: z.string().nullable(),
});

export const traceStepSchema = z.object({
  OrderId: z.string(),
  /** Null when the order is gone. */
  UserFacingOrderId: z.number().nullable(),
  Agent: personSchema,
  TookLead: z.boolean(),
  /** Why it was passed over; empty when it took the lead. */
  Reason: z.string(),
});
export type TraceStep = z.infer<typeof traceStepSchema>;

/** GET lead/{leadId}: one lead for staff, with everything the engine decided about it. */
export const leadDetailSchema = z.object({
  Lead: allLeadRowSchema.extend({
    Source: z.enum(['vendor', 'publicForm']),
    Address1: z.string().nullable(),
    BirthDate: z.string().nullable(),
    Gender: z.string().nullable(),
    UniversalLeadId: z.string().nullable(),
    AffiliateCode: z.string().nullable(),
    AllowDisputes: z.boolean(),
    MaxSales: z.number(),
    /** The engine's reasons for an unsold, duplicate, rejected or call-center lead. */
    Reasons: z.array(z.string()),
    Consent: consentEvidenceSchema,
  }),
  /** The routing rule that chose between the call center and the post target (none when no rule matched). */
  Routing: z.object({
    RuleId: z.string().nullable(),
    RuleName: z.string().nullable(),
    RoutedTo: z.enum(['callCenter', 'post']).nullable(),
    CallCenterList: z.string().nullable(),
  }),
  Sales: z.array(leadSaleDtoSchema),
  Disputes: z.array(leadDisputeDtoSchema),
  /**
   * The orders considered, in the order the engine considered them: every order it read or tried, and
   * the first 40 others it passed over.
   */
  Trace: z.array(traceStepSchema),
  /** How many more orders it passed over, by reason (a state may hold thousands of open orders). */
  TraceOmitted: z.array(z.object({ Reason: z.string(), Count: z.number().int().positive() })),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;

/** A lead's user-facing number (what the table and the filter show) or its internal id. */
export const leadDetailParams = z.object({
  leadId: z.string().trim().max(64, ALL_LEADS_MESSAGES.leadId).regex(/^(?:\d{1,9}|[A-Za-z0-9_-]*[A-Za-z_-][A-Za-z0-9_-]*)$/, ALL_LEADS_MESSAGES.leadId),
});

export const allLeadsApi = {
  'leads.table': built({ params: allLeadsRangeParams, query: allLeadsQuerySchema, response: allLeadsPageSchema }),
  'leads.tableExport': built({ params: allLeadsRangeParams, query: allLeadsQuerySchema, response: downloadLink }),
  'leads.detail': built({ params: leadDetailParams, response: leadDetailSchema }),
} as const;
