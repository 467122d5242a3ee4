// My Account's transaction history (spec part 1 §2.5, §3): the ledger rows of a date range in the
// account's time zone, oldest first so the running balance reads down from the starting balance row
// to the ending balance row, paged at 25, and the same rows as a CSV file in the exports bucket.
import { randomUUID } from 'node:crypto';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { z } from 'zod';
import { encodeCursor } from '#platform/db.ts';
import { bucket as configuredBucket } from '#platform/config.ts';
import { AgentProfile } from '#entities/agent-profile.ts';
import { NotFound, ValidationFailed } from '#platform/errors.ts';
import { presignDownload, putFile } from '#platform/s3.ts';
import { DEFAULT_TIME_ZONE, isKnownTimeZone, TIME_ZONES, type TimeZoneName } from '#shared/time-zones.ts';
import { csvFileName, csvText } from '#shared/csv.ts';
import { LedgerEntry } from '#entities/ledger-entry.ts';
import { ACCOUNT_NOT_FOUND, balanceAt, listEntries } from './ledger.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

export const TRANSACTIONS_PAGE_SIZE = 25;
/** How long an export's download link works. */
export const EXPORT_URL_SECONDS = 300;
const DATE_TIME_FORMAT = 'M/D/YYYY, h:mm:ss A';
const INVALID_CURSOR = 'Invalid cursor';

/** One page of a range: the ledger entries, oldest first, with the balances around the range. */
export interface TransactionsPage {
  agentId: string;
  startDate: string;
  endDate: string;
  timeZone: TimeZoneName;
  /** The balance at the start of the start day and at the end of the end day (the table's balance rows). */
  startingCents: number;
  endingCents: number;
  totalCount: number;
  page: number;
  pageSize: number;
  entries: LedgerEntry[];
  /** Pass back as `cursor` for the next page; absent on the last page. */
  nextCursor?: string;
}

export interface TransactionRange {
  agentId: string;
  /** YYYY-MM-DD, both days included, in the account's time zone. */
  startDate: string;
  endDate: string;
}

/** The instants [from, to) covering the start of `startDate` to the end of `endDate` in `ianaZone`. */
export function dayRange(startDate: string, endDate: string, ianaZone: string): { from: string; to: string } {
  // The day after is computed on the calendar, not by adding 24 hours, which a DST change would skew.
  const dayAfterEnd = dayjs.utc(endDate).add(1, 'day').format('YYYY-MM-DD');
  return { from: dayjs.tz(startDate, ianaZone).toISOString(), to: dayjs.tz(dayAfterEnd, ianaZone).toISOString() };
}

/** The account's time zone; an account without a known one is shown in the default (Central). */
async function accountZone(agentId: string): Promise<{ name: TimeZoneName; iana: string }> {
  const profile = await AgentProfile.get({ agentId });
  if (!profile) throw new NotFound(ACCOUNT_NOT_FOUND);
  const name = isKnownTimeZone(profile.timeZone) ? profile.timeZone : DEFAULT_TIME_ZONE;
  return { name, iana: TIME_ZONES[name] };
}

// The page cursor wraps the ledger's cursor with the count and page number of the first request,
// so later pages cost one 25-item Query instead of a recount.
const pageCursor = z.object({ k: z.string(), n: z.number().int().nonnegative(), p: z.number().int().positive() });
type PageCursor = z.infer<typeof pageCursor>;

const encodePageCursor = (c: PageCursor) => Buffer.from(JSON.stringify(c), 'utf8').toString('base64url');

function decodePageCursor(text: string): PageCursor {
  try {
    return pageCursor.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch {
    throw new ValidationFailed(INVALID_CURSOR);
  }
}

/** Every entry of the range, oldest first (an agent's ledger over a date range is bounded). */
function entriesOf(agentId: string, from: string, to: string): Promise<LedgerEntry[]> {
  return LedgerEntry.query.byTime(agentId, from, to).all();
}

/**
 * One page of the range. Without a cursor the range is read once to count it and page `page` is cut
 * from it; with a cursor (from NextCursor) only the next 25 entries are read.
 */
export async function transactionsPage(range: TransactionRange, paging: { page?: number; cursor?: string } = {}): Promise<TransactionsPage> {
  const zone = await accountZone(range.agentId);
  const { from, to } = dayRange(range.startDate, range.endDate, zone.iana);
  const [startingCents, endingCents, slice] = await Promise.all([
    balanceAt(range.agentId, from),
    balanceAt(range.agentId, to),
    paging.cursor ? nextSlice(range.agentId, from, to, decodePageCursor(paging.cursor)) : pageSlice(range.agentId, from, to, paging.page ?? 1),
  ]);
  return {
    agentId: range.agentId,
    startDate: range.startDate,
    endDate: range.endDate,
    timeZone: zone.name,
    startingCents,
    endingCents,
    totalCount: slice.total,
    page: slice.page,
    pageSize: TRANSACTIONS_PAGE_SIZE,
    entries: slice.entries,
    ...(slice.next ? { nextCursor: encodePageCursor(slice.next) } : {}),
  };
}

interface Slice {
  entries: LedgerEntry[];
  total: number;
  page: number;
  next?: PageCursor;
}

async function pageSlice(agentId: string, from: string, to: string, page: number): Promise<Slice> {
  const all = await entriesOf(agentId, from, to);
  const entries = all.slice((page - 1) * TRANSACTIONS_PAGE_SIZE, page * TRANSACTIONS_PAGE_SIZE);
  const last = entries.at(-1);
  const hasMore = page * TRANSACTIONS_PAGE_SIZE < all.length;
  if (!last || !hasMore) return { entries, total: all.length, page };
  // The ledger's cursor is the last key read; the key of the page's last entry is exactly that.
  const { pk, sk } = LedgerEntry.key(last);
  return { entries, total: all.length, page, next: { k: encodeCursor({ pk, sk }), n: all.length, p: page + 1 } };
}

async function nextSlice(agentId: string, from: string, to: string, cursor: PageCursor): Promise<Slice> {
  const read = await listEntries({ agentId, from, to, limit: TRANSACTIONS_PAGE_SIZE, cursor: cursor.k });
  const hasMore = read.cursor !== undefined && cursor.p * TRANSACTIONS_PAGE_SIZE < cursor.n;
  return {
    entries: read.items,
    total: cursor.n,
    page: cursor.p,
    ...(hasMore ? { next: { k: read.cursor!, n: cursor.n, p: cursor.p + 1 } } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// CSV export

/** The export's short-lived download link and the file name it downloads as. */
export interface TransactionsExport {
  url: string;
  fileName: string;
}

const CSV_COLUMNS = ['Agent ID', 'Date', 'Description', 'Type', 'Credit', 'Debit', 'Balance'] as const;

/** The table as CSV: the starting balance row, every transaction oldest first, the ending balance row. */
export function transactionsCsv(input: {
  agentId: string;
  ianaZone: string;
  startingCents: number;
  endingCents: number;
  entries: LedgerEntry[];
}): string {
  const money = (cents: number) => (cents / 100).toFixed(2);
  const rows: string[][] = [
    [input.agentId, '', 'Starting Balance', '', '', '', money(input.startingCents)],
    ...input.entries.map((e) => [
      e.agentId,
      dayjs(e.at).tz(input.ianaZone).format(DATE_TIME_FORMAT),
      e.description,
      e.type,
      e.creditCents ? money(e.creditCents) : '',
      e.debitCents ? money(e.debitCents) : '',
      money(e.balanceAfterCents),
    ]),
    [input.agentId, '', 'Ending Balance', '', '', '', money(input.endingCents)],
  ];
  return csvText(CSV_COLUMNS, rows);
}

/** 'Transactions-{agentId}-{MM-DD-YYYY}.csv': the subject and the day of the export (spec part 1 §2.5). */
export function exportFileName(agentId: string, exportedAt: Date, ianaZone: string): string {
  return csvFileName(`Transactions-${agentId}`, exportedAt, ianaZone);
}

/** Writes the range's CSV to the exports bucket and answers a short-lived download link. */
export async function exportTransactions(range: TransactionRange, now = new Date()): Promise<TransactionsExport> {
  const zone = await accountZone(range.agentId);
  const { from, to } = dayRange(range.startDate, range.endDate, zone.iana);
  const [startingCents, endingCents, entries] = await Promise.all([
    balanceAt(range.agentId, from),
    balanceAt(range.agentId, to),
    entriesOf(range.agentId, from, to),
  ]);
  const csv = transactionsCsv({ agentId: range.agentId, ianaZone: zone.iana, startingCents, endingCents, entries });
  const fileName = exportFileName(range.agentId, now, zone.iana);
  // Keyed by subject and day; the random part keeps two exports of one day apart.
  const key = `transactions/${range.agentId}/${dayjs(now).tz(zone.iana).format('YYYY-MM-DD')}/${randomUUID()}/${fileName}`;
  const bucket = configuredBucket('EXPORTS_BUCKET');
  await putFile({ bucket, key, body: csv, contentType: 'text/csv; charset=utf-8', fileName });
  const url = await presignDownload({ bucket, key, fileName, expiresInSeconds: EXPORT_URL_SECONDS });
  return { url, fileName };
}
