// Ping History (part 3 §2, §3, §7): the live-transfer pings of a campaign and vendor, paged, and its export.
// Days are YYYY-MM-DD in the company's reporting zone (Central), at most 31 of them, both ends included;
// both codes are required (part 3 §5). Money is dollars with two decimals.
import { z } from 'zod';
import { built, calendarDay, downloadLink, END_BEFORE_START } from './define.ts';
import { daysInRange, RANGE_TOO_LONG, REPORT_MAX_DAYS } from './reports-performance.ts';

export const PING_HISTORY_PAGE_SIZE = 25;
export const PING_MESSAGES = {
  campaignRequired: 'Campaign is required.',
  vendorRequired: 'Vendor is required.',
} as const;

const code = (required: string, label: string) =>
  z
    .string()
    .trim()
    .min(1, required)
    .max(50, `${label} code must be at most 50 characters.`)
    // Vendor codes are free text (part 3 §5 only requires one); a slash or a control character is no code.
    .refine(isCodeText, `${label} code cannot hold a slash or a control character.`);

/** No slash, backslash or control character: what a code in a path may hold. */
export function isCodeText(text: string): boolean {
  return ![...text].some((c) => c === '/' || c === '\\' || c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);
}

export const pingHistoryParams = z
  .object({
    startDate: calendarDay('Start date'),
    endDate: calendarDay('End date'),
    campaignCode: code(PING_MESSAGES.campaignRequired, 'Campaign'),
    vendorCode: code(PING_MESSAGES.vendorRequired, 'Vendor'),
  })
  .refine((p) => p.endDate >= p.startDate, { message: END_BEFORE_START })
  .refine((p) => p.endDate < p.startDate || daysInRange(p.startDate, p.endDate) <= REPORT_MAX_DAYS, { message: RANGE_TOO_LONG });
export type PingHistoryParams = z.infer<typeof pingHistoryParams>;

/** Part 3 §3 Ping history row. */
export const pingHistoryRowSchema = z.object({
  /** UTC ISO time; the page shows it as MM/DD/YYYY h:mm:ss A in the reporting zone. */
  Timestamp: z.string(),
  CallerId: z.string(),
  /** Dollars; null when the ping got no bid. */
  BidAmount: z.number().nullable(),
  VendorCode: z.string(),
  CampaignCode: z.string(),
  StateCode: z.string(),
  ZipCode: z.string(),
  /** The ping's messages joined with '; ' (empty for a bid). */
  ErrorMessages: z.string(),
});
export type PingHistoryRowDto = z.infer<typeof pingHistoryRowSchema>;

export const PING_SORT_COLUMNS = ['Timestamp', 'CallerId', 'BidAmount', 'StateCode', 'ZipCode', 'ErrorMessages'] as const;
export type PingSortColumn = (typeof PING_SORT_COLUMNS)[number];

/** `{filterId}={value}` of part 3 §7: each filter narrows the rows (text filters match a part of the value). */
export const pingHistoryQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(PING_HISTORY_PAGE_SIZE),
  sortColumnName: z.enum(PING_SORT_COLUMNS, { error: `sortColumnName must be one of ${PING_SORT_COLUMNS.join(', ')}.` }).default('Timestamp'),
  /** 'desc' or 'true' sort descending (the agent list's convention). */
  sortOrder: z.enum(['asc', 'desc', 'true', 'false'], { error: 'sortOrder must be asc or desc.' }).default('asc'),
  CallerId: z.string().trim().regex(/^\d{1,10}$/, 'CallerId filter must be up to 10 digits.').optional(),
  StateCode: z.string().trim().toUpperCase().regex(/^[A-Z]{1,2}$/, 'StateCode filter must be a state code.').optional(),
  ZipCode: z.string().trim().regex(/^\d{1,5}$/, 'ZipCode filter must be up to 5 digits.').optional(),
  ErrorMessages: z.string().trim().max(100, 'ErrorMessages filter must be at most 100 characters.').optional(),
});
export type PingHistoryQuery = z.infer<typeof pingHistoryQuery>;

export const pingHistoryPageSchema = z.object({ Data: z.array(pingHistoryRowSchema), Pages: z.number().int(), TotalCount: z.number().int() });
export type PingHistoryPageDto = z.infer<typeof pingHistoryPageSchema>;

export const pingReportsApi = {
  'reports.pingHistory': built({ params: pingHistoryParams, query: pingHistoryQuery, response: pingHistoryPageSchema }),
  // The same rows (filters and order included) as a CSV file behind a five-minute link.
  'reports.pingHistoryExport': built({ params: pingHistoryParams, query: pingHistoryQuery.omit({ page: true, pageSize: true }), response: downloadLink }),
} as const;
