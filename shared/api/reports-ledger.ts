// The ledger reports (part 3 §2, §3, §7): Account Summary and Transaction History with its export.
// Days are read in the company's reporting zone (Central); money is dollars with two decimals.
// Deviations from §7, for docs/api.md: Account Summary answers one page of agents (Result, TotalCount,
// Pages; 25 a page, filters and sort in the query) instead of every agent at once, and its CSV Export
// is POST .../export (a job: 202 with an export id like agents.export); Transaction History's export
// is likewise a POST answered 202 with an export id (the file is written by the export job and
// fetched through GET exports/{exportId}).
import { z } from 'zod';
import { LEDGER_TYPES } from '../ledger-types.ts';
import { agentExportStartedSchema } from './agents.ts';
import { built, calendarDay, END_BEFORE_START } from './define.ts';

/** Part 3 §9: report ranges are at most 31 days, both ends counted. */
export const LEDGER_REPORT_MAX_DAYS = 31;
export const LEDGER_RANGE_TOO_LONG = 'The date range cannot be longer than 31 days.';
/** Part 3 §9: account summary 25, transactions 25. */
export const LEDGER_REPORT_PAGE_SIZE = 25;
export const LEDGER_REPORT_MAX_PAGE_SIZE = 100;
export const FILTER_MAX_LENGTH = 100;

/** MM-DD-YYYY (the paged form of part 3 §7) to YYYY-MM-DD; other text is left for calendarDay to judge. */
export const isoDayOf = (text: string) => {
  const us = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text);
  return us ? `${us[3]}-${us[1]}-${us[2]}` : text;
};
/** YYYY-MM-DD to MM-DD-YYYY, the paged form's path days. */
export const usDayOf = (isoDay: string) => `${isoDay.slice(5, 7)}-${isoDay.slice(8, 10)}-${isoDay.slice(0, 4)}`;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
export const ledgerRangeDays = (start: string, end: string) => dayNumber(end) - dayNumber(start) + 1;

/** A path day written YYYY-MM-DD or MM-DD-YYYY, answered as YYYY-MM-DD. */
const pathDay = (label: string) => z.string().max(20).transform(isoDayOf).pipe(calendarDay(label));

/** startDate / endDate of a ledger report path: real days, in order, at most 31 days. */
export const ledgerRangeParams = z
  .object({ startDate: pathDay('Start date'), endDate: pathDay('End date') })
  .refine((p) => p.endDate >= p.startDate, { message: END_BEFORE_START })
  .refine((p) => p.endDate < p.startDate || ledgerRangeDays(p.startDate, p.endDate) <= LEDGER_REPORT_MAX_DAYS, { message: LEDGER_RANGE_TOO_LONG });

/** The paged form of Transaction History is the one whose path days are MM-DD-YYYY (part 3 §7). */
export const isPagedFormDay = (raw: string) => /^\d{2}-\d{2}-\d{4}$/.test(raw);

// ---------------------------------------------------------------------------------------------
// Query pieces: page, pageSize, sortColumnName, sortOrder and filterObject[n].id / .Value

const PAGE_INVALID = 'page must be a whole number of 1 or more.';
const PAGE_SIZE_INVALID = `pageSize must be a whole number from 1 to ${LEDGER_REPORT_MAX_PAGE_SIZE}.`;
const SORT_ORDER_INVALID = "sortOrder must be 'asc' or 'desc'.";
export const FILTER_TOO_LONG = `Filters can be at most ${FILTER_MAX_LENGTH} characters.`;

const wholeNumber = (message: string, min: number, max: number) =>
  z.union([z.number(), z.string().trim().regex(/^\d+$/, message).transform(Number)], { error: message }).pipe(z.number().int(message).min(min, message).max(max, message));

/** 'desc' (or true) is descending; 'asc', false or nothing is ascending. */
const sortOrder = z
  .union([z.boolean(), z.enum(['asc', 'desc', 'ASC', 'DESC', 'true', 'false', '']).transform((v) => v.toLowerCase() === 'desc' || v === 'true')], { error: SORT_ORDER_INVALID })
  .default(false);

/** Folds `filterObject[0].id=FirstName&filterObject[0].Value=Jo` into `filters: { FirstName: 'Jo' }`; other keys pass. */
function foldFilterObjects(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null) return raw;
  const slots = new Map<string, { id?: unknown; value?: unknown }>();
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const match = /^filterObject\[(\d{1,2})\]\.(id|value)$/i.exec(key);
    if (!match) {
      rest[key] = value;
      continue;
    }
    const slot = slots.get(match[1]!) ?? {};
    if (match[2]!.toLowerCase() === 'id') slot.id = value;
    else slot.value = value;
    slots.set(match[1]!, slot);
  }
  const filters = { ...((rest.filters as Record<string, unknown> | undefined) ?? {}) };
  for (const { id, value } of slots.values()) if (typeof id === 'string') filters[id] = value;
  return { ...rest, filters };
}

const filterText = z
  .string()
  .trim()
  .max(FILTER_MAX_LENGTH, FILTER_TOO_LONG)
  .optional()
  .transform((v) => (v ? v : undefined));

// ---------------------------------------------------------------------------------------------
// Account Summary

export const ACCOUNT_SUMMARY_SORT_COLUMNS = ['AgentId', 'FirstName', 'LastName', 'Status'] as const;
export type AccountSummarySortColumn = (typeof ACCOUNT_SUMMARY_SORT_COLUMNS)[number];

export const accountSummaryQuerySchema = z.preprocess(
  foldFilterObjects,
  z.object({
    page: wholeNumber(PAGE_INVALID, 1, 1_000_000).default(1),
    pageSize: wholeNumber(PAGE_SIZE_INVALID, 1, LEDGER_REPORT_MAX_PAGE_SIZE).default(LEDGER_REPORT_PAGE_SIZE),
    sortColumnName: z
      .string()
      .optional()
      .transform((v) => v || undefined)
      .pipe(z.enum(ACCOUNT_SUMMARY_SORT_COLUMNS, { error: `sortColumnName must be one of ${ACCOUNT_SUMMARY_SORT_COLUMNS.join(', ')}.` }).default('LastName')),
    sortOrder,
    /** Prefix filters, case-insensitive (the agent directory's). */
    filters: z.object({ AgentId: filterText, FirstName: filterText, LastName: filterText }).default({ AgentId: undefined, FirstName: undefined, LastName: undefined }),
  }),
);
export type AccountSummaryQuery = z.infer<typeof accountSummaryQuerySchema>;

/** Part 3 §3 Account summary row: every money column is the net of its ledger type over the range (credits − debits). */
export const accountSummaryRowSchema = z.object({
  AgentId: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  Status: z.enum(['Active', 'Termed']),
  StartingBalance: z.number(),
  EndingBalance: z.number(),
  AgentContribution: z.number(),
  CompanyMatch: z.number(),
  LeadSpend: z.number(),
  /** The "second lead-spend variant": money moved to point-and-click lead buying (PointAndClickTransfer entries). */
  PointAndClickLeadSpend: z.number(),
  LeadBonus: z.number(),
  LeadCredit: z.number(),
  LeadReimbursement: z.number(),
  CreditCardPayment: z.number(),
  FundsTransfer: z.number(),
  /** Addition: the weekly Pro Store transfers, so the columns add up to the change of balance. */
  ProStoreTransfer: z.number(),
  ClickToCall: z.number(),
  FinalAccountTermination: z.number(),
  Other: z.number(),
  TerminationDate: z.string().nullable(),
});
export type AccountSummaryRow = z.infer<typeof accountSummaryRowSchema>;

export const accountSummaryPageSchema = z.object({
  Result: z.array(accountSummaryRowSchema),
  TotalCount: z.number(),
  Pages: z.number(),
});
export type AccountSummaryPage = z.infer<typeof accountSummaryPageSchema>;

// ---------------------------------------------------------------------------------------------
// Transaction History

export const TRANSACTION_HISTORY_SORT_COLUMNS = ['Timestamp', 'FirstName', 'LastName', 'AgentId', 'Type', 'Credit', 'Debit'] as const;
export type TransactionHistorySortColumn = (typeof TRANSACTION_HISTORY_SORT_COLUMNS)[number];
export const TRANSACTION_HISTORY_FILTERS = ['AgentId', 'FirstName', 'LastName', 'Type', 'Description'] as const;

export const transactionHistoryQuerySchema = z.preprocess(
  foldFilterObjects,
  z.object({
    page: wholeNumber(PAGE_INVALID, 1, 1_000_000).default(1),
    pageSize: wholeNumber(PAGE_SIZE_INVALID, 1, LEDGER_REPORT_MAX_PAGE_SIZE).default(LEDGER_REPORT_PAGE_SIZE),
    /** Part 3 §7: FirstName by default. Every column is served over any number of rows through its day index (docs/data-model.md #88g). */
    sortColumnName: z
      .string()
      .optional()
      .transform((v) => v || undefined)
      .pipe(z.enum(TRANSACTION_HISTORY_SORT_COLUMNS, { error: `sortColumnName must be one of ${TRANSACTION_HISTORY_SORT_COLUMNS.join(', ')}.` }).default('FirstName')),
    sortOrder,
    /** Filters: prefixes of AgentId, FirstName, LastName; the exact Type; words of Description. Case-insensitive. */
    filters: z
      .object({ AgentId: filterText, FirstName: filterText, LastName: filterText, Type: filterText, Description: filterText })
      .default({ AgentId: undefined, FirstName: undefined, LastName: undefined, Type: undefined, Description: undefined }),
  }),
);
export type TransactionHistoryQuery = z.infer<typeof transactionHistoryQuerySchema>;

/** Part 3 §3 Transaction history row. VendorCode, CampaignCode and CompanyPurchasePrice are the sold lead's, on lead purchases (LeadSpend); null on other rows. */
export const transactionHistoryRowSchema = z.object({
  AgentId: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  AgentType: z.string(),
  AgentStatus: z.enum(['Active', 'Termed']),
  /** UTC ISO time; reports show it as MM/DD/YYYY h:mm:ss A (Central). */
  Timestamp: z.string(),
  Type: z.enum(LEDGER_TYPES),
  Credit: z.number(),
  Debit: z.number(),
  Description: z.string(),
  VendorCode: z.string().nullable(),
  CampaignCode: z.string().nullable(),
  CompanyPurchasePrice: z.number().nullable(),
});
export type TransactionHistoryRow = z.infer<typeof transactionHistoryRowSchema>;

/** First form (YYYY-MM-DD days): every row of the range. */
export const transactionHistoryListSchema = z.object({ Result: z.array(transactionHistoryRowSchema) });
/** Paged form (MM-DD-YYYY days). */
export const transactionHistoryPageSchema = z.object({
  Histories: z.array(transactionHistoryRowSchema),
  Pages: z.number(),
  TotalHistoryCount: z.number(),
});
export type TransactionHistoryPage = z.infer<typeof transactionHistoryPageSchema>;

/** The first form answers at most this many rows (a larger range is for the paged form or the export). */
export const TRANSACTION_LIST_MAX_ROWS = 5_000;
/**
 * Unfiltered, every sort pages through an index at any size. A filter reads its matching entries into
 * memory (through an index when it names an agent, a name or a type; a Description filter alone reads
 * the range): at most this many, which a Lambda reads and sorts well inside its time and memory.
 */
export const TRANSACTION_SORT_MAX_ROWS = 150_000;
export const TOO_MANY_TRANSACTIONS = (limit: number) =>
  `More than ${limit.toLocaleString('en-US')} transactions in this date range: narrow the range, sort by Timestamp without filters, or use Export.`;
/** What the paged form answers when a filter would need more rows in memory than it may hold. */
export const TOO_MANY_TRANSACTIONS_TO_SORT = (limit: number, sortColumn: string) =>
  `More than ${limit.toLocaleString('en-US')} transactions of this date range match the filters, too many to sort by ${sortColumn}. ` +
  'Narrow the filters, choose a shorter range, or use Export to get every transaction.';

export const ledgerReportsApi = {
  'reports.accountSummary': built({ params: ledgerRangeParams, query: accountSummaryQuerySchema, response: accountSummaryPageSchema }),
  'reports.accountSummaryExport': built({ params: ledgerRangeParams, response: agentExportStartedSchema, status: 202 }),
  'reports.transactionHistory': built({
    params: ledgerRangeParams,
    query: transactionHistoryQuerySchema,
    response: z.union([transactionHistoryPageSchema, transactionHistoryListSchema]),
  }),
  'reports.transactionHistoryExport': built({ params: ledgerRangeParams, response: agentExportStartedSchema, status: 202 }),
} as const;
