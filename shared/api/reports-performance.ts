// The marketplace reports (part 3 §2, §3, §7): campaign and fund performance, internal leads, open orders.
// Days are YYYY-MM-DD in the company's reporting zone (Central); money is dollars with two decimals.
import { z } from 'zod';
import { built, calendarDay, downloadLink, END_BEFORE_START, idParam, type RouteContract } from './define.ts';

/** Date ranges of the reports: at most 31 days, both ends included (part 3 §5, §9). */
export const REPORT_MAX_DAYS = 31;
export const RANGE_TOO_LONG = 'The date range cannot be longer than 31 days.';
/** Open Orders: the all-zero GUID means every fund (part 3 §9). */
export const ALL_FUNDS_ID = '00000000-0000-0000-0000-000000000000';
export const ALL_STATES = 'all';
export const OPEN_ORDERS_PAGE_SIZE = 25;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
/** Days from start to end, both included. */
export const daysInRange = (start: string, end: string) => dayNumber(end) - dayNumber(start) + 1;

/** A day written YYYY-MM-DD, or a date-time (YYYY-MM-DDTHH:mm:ss, what Campaign Summary sends): its day is kept. */
const dayOrDateTime = (label: string) =>
  z
    .string()
    .max(40)
    .transform((text) => (/^\d{4}-\d{2}-\d{2}T[\d:.]+Z?$/.test(text) ? text.slice(0, 10) : text))
    .pipe(calendarDay(label));

/**
 * yyyyMMddHHmmss (part 3 §7 internalleadsreport), or YYYY-MM-DD for the whole day: the local
 * date-time YYYY-MM-DDTHH:mm:ss on the reporting calendar. A day alone ends at 23:59:59.
 */
const compactDateTime = (label: string, dayAlone: 'start' | 'end') =>
  z
    .string()
    .max(20)
    .transform((text) => {
      const compact = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text);
      if (compact) return `${compact[1]}-${compact[2]}-${compact[3]}T${compact[4]}:${compact[5]}:${compact[6]}`;
      return /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T${dayAlone === 'start' ? '00:00:00' : '23:59:59'}` : text;
    })
    .refine((t) => /^.{10}T([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.test(t) && calendarDay(label).safeParse(t.slice(0, 10)).success, `${label} must be written yyyyMMddHHmmss.`);

type RangeShape = { startDate: z.ZodType<string, string>; endDate: z.ZodType<string, string> } & z.ZodRawShape;

/** Start and end in order, and at most 31 days apart; dates and date-times compare as text. */
function limitedRange<S extends RangeShape>(shape: S, opts: { endExclusive?: boolean } = {}) {
  const ends = (p: unknown) => p as { startDate: string; endDate: string };
  return z
    .object(shape)
    .refine((p) => ends(p).endDate >= ends(p).startDate, { message: END_BEFORE_START })
    .refine((p) => {
      const { startDate, endDate } = ends(p);
      return endDate < startDate || daysInRange(startDate.slice(0, 10), endDate.slice(0, 10)) - (opts.endExclusive ? 1 : 0) <= REPORT_MAX_DAYS;
    }, { message: RANGE_TOO_LONG });
}

export const performanceRangeParams = limitedRange({ startDate: calendarDay('Start date'), endDate: calendarDay('End date') });
export const summaryRangeParams = limitedRange({ startDate: dayOrDateTime('Start date'), endDate: dayOrDateTime('End date') });
/** The export's end is the day after the last day shown (part 3 §7: "the end is one day later"). */
export const fundExportRangeParams = limitedRange({ startDate: calendarDay('Start date'), endDate: calendarDay('End date') }, { endExclusive: true }).refine(
  (p) => p.endDate > p.startDate,
  { message: 'End date must be after start date.' },
);
export const internalLeadsParams = limitedRange({
  startDate: compactDateTime('Start date', 'start'),
  endDate: compactDateTime('End date', 'end'),
  source: z.string().trim().min(1, 'Lead source is required.').max(64),
});

export const campaignPerformanceRowSchema = z.object({
  Fund: z.string(),
  Vendor: z.string(),
  Campaign: z.string(),
  /** Average agent price of the group's leads, dollars. */
  AgentPrice: z.number(),
  AverageScore: z.number(),
  CompanyPrice: z.number(),
  LeadsPurchased: z.number().int(),
  LeadsCredited: z.number().int(),
  TotalLeads: z.number().int(),
  /** What the company paid for the group's leads, dollars. */
  TotalLeadCost: z.number(),
});
export type CampaignPerformanceRowDto = z.infer<typeof campaignPerformanceRowSchema>;

export const campaignSummaryRowSchema = z.object({
  Vendor: z.string(),
  Campaign: z.string(),
  AverageAgentPrice: z.number(),
  AverageCompanyPrice: z.number(),
  TotalLeadsPurchased: z.number().int(),
  TotalLeadsCredited: z.number().int(),
  TotalLeads: z.number().int(),
  AverageScore: z.number(),
  TotalLeadCost: z.number(),
});
export type CampaignSummaryRowDto = z.infer<typeof campaignSummaryRowSchema>;

export const fundPerformanceRowSchema = z.object({
  Fund: z.string(),
  LeadsPurchased: z.number().int(),
  TotalAgentPrice: z.number(),
  AverageAgentPrice: z.number(),
  TotalCompanyPrice: z.number(),
  AverageCompanyPrice: z.number(),
  /** (agent − company) / agent, in percent with two decimals; 0 without sales. */
  MarginDifference: z.number(),
});
export type FundPerformanceRowDto = z.infer<typeof fundPerformanceRowSchema>;

export const internalLeadSourceSchema = z.object({ Source: z.string(), Name: z.string() });
export type InternalLeadSourceDto = z.infer<typeof internalLeadSourceSchema>;

export const internalLeadRowSchema = z.object({
  FirstName: z.string(),
  LastName: z.string(),
  City: z.string(),
  StateCode: z.string(),
  ZipCode: z.string(),
  Status: z.string(),
  Email: z.string(),
  PrimaryPhone: z.string(),
  IsTargeted: z.boolean(),
  VendorName: z.string(),
  LeadType: z.string(),
  ContractId: z.string(),
  CrmLob: z.string(),
  /** UTC ISO time the form was received. */
  Date: z.string(),
});
export type InternalLeadRowDto = z.infer<typeof internalLeadRowSchema>;

/** Internal Leads a page at a time (issue 12, #92a): oldest first, 25 a page by default. */
export const INTERNAL_LEADS_PAGE_SIZE = 25;
export const internalLeadsPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(INTERNAL_LEADS_PAGE_SIZE),
});
export const internalLeadsPageSchema = z.object({ Data: z.array(internalLeadRowSchema), Pages: z.number().int(), TotalCount: z.number().int() });

export const openOrderRowSchema = z.object({
  AgentId: z.string(),
  UserFacingOrderId: z.number().int(),
  OrderName: z.string(),
  /** Fund names, comma-separated. */
  Funds: z.string(),
  /** State codes, comma-separated. */
  States: z.string(),
  LeadCount: z.number().int(),
  LastLeadDate: z.string().nullable(),
  Created: z.string(),
  LastUpdated: z.string(),
});
export type OpenOrderRowDto = z.infer<typeof openOrderRowSchema>;

export const OPEN_ORDER_SORT_COLUMNS = ['AgentId', 'UserFacingOrderId', 'OrderName', 'LeadCount', 'LastLeadDate', 'Created', 'LastUpdated'] as const;
export type OpenOrderSortColumn = (typeof OPEN_ORDER_SORT_COLUMNS)[number];

export const openOrdersParams = z.object({
  fundId: idParam('Fund id'),
  state: z
    .string()
    .trim()
    .transform((s) => (s.toLowerCase() === ALL_STATES ? ALL_STATES : s.toUpperCase()))
    .pipe(z.string().regex(/^(all|[A-Z]{2})$/, 'State must be All or a two-letter code.')),
});

export const openOrdersQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(OPEN_ORDERS_PAGE_SIZE),
  sortColumnName: z.enum(OPEN_ORDER_SORT_COLUMNS).default('AgentId'),
  /** 'desc' or 'true' (the agent list's convention) sort descending. */
  sortOrder: z.enum(['asc', 'desc', 'true', 'false']).default('asc'),
});

export const openOrdersPageSchema = z.object({ Data: z.array(openOrderRowSchema), Pages: z.number().int(), TotalCount: z.number().int() });
export type OpenOrdersPageDto = z.infer<typeof openOrdersPageSchema>;

export const performanceReportsApi = {
  'reports.campaignPerformance': built({ params: performanceRangeParams, response: z.object({ Result: z.array(campaignPerformanceRowSchema) }) }),
  'reports.campaignSummaryPerformance': built({ params: summaryRangeParams, response: z.object({ Result: z.array(campaignSummaryRowSchema) }) }),
  'reports.fundPerformance': built({ params: performanceRangeParams, response: z.object({ Result: z.array(fundPerformanceRowSchema) }) }),
  'reports.fundPerformanceExport': built({ params: fundExportRangeParams, response: downloadLink }),
  'reports.internalLeadUsers': built({ response: z.array(internalLeadSourceSchema) }),
  'reports.internalLeads': built({ params: internalLeadsParams, response: z.array(internalLeadRowSchema) }),
  'reports.internalLeadsExport': built({ params: internalLeadsParams, response: downloadLink }),
  'reports.internalLeadsPage': built({ params: internalLeadsParams, query: internalLeadsPageQuery, response: internalLeadsPageSchema }),
  'reports.openOrders': built({ params: openOrdersParams, query: openOrdersQuery, response: openOrdersPageSchema }),
  'reports.openOrdersExport': built({ params: openOrdersParams, response: downloadLink }),
  // The contextual type lets a route without params or query take the optional ones (as areaContract does).
} satisfies Record<string, RouteContract>;
