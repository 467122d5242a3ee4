// Ping History's rows (part 3 §3, §7): the Ping items of one campaign and vendor over days of the
// reporting zone. A page in time order, by state, bid or error messages, or filtered by state, is
// found by the pair's day counters (countedPingPage, #93b): TotalCount from ≤ 31 counters a group,
// the page's start by summing them, then one Query of the page. Anything else (a CallerId, ZipCode
// or error-text filter, a sort by caller or zip, days whose pings may be expiring) reads the matching
// rows of the range, day by day side by side (DynamoDB filters the caller, state and zip), and sorts
// them in memory, up to MAX_ROWS_IN_MEMORY; the export reads the same way.
import { randomUUID } from 'node:crypto';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import Papa from 'papaparse';
import { compareColumnValues, countedPingPage, type RangeDay } from './ping-history-pages.ts';
import { dayRange } from '#core/money/transactions-view.ts';
import { Ping } from '#entities/ping.ts';
import { bucket as configuredBucket } from '#platform/config.ts';
import { queryPage, type Expr } from '#platform/db.ts';
import { ValidationFailed } from '#platform/errors.ts';
import { REPORTING_TIME_ZONE } from '#platform/report-day.ts';
import { presignDownload, putFile } from '#platform/s3.ts';
import type { PingHistoryParams, PingHistoryPageDto, PingHistoryQuery, PingHistoryRowDto, PingSortColumn } from '#shared/api/reports-ping.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Rows a filtered or re-sorted page (and an export) may read; beyond it the caller narrows the range. */
export const MAX_ROWS_IN_MEMORY = 20_000;
export const MAX_EXPORT_ROWS = 100_000;
export const TOO_MANY_ROWS = (limit: number) => `More than ${limit.toLocaleString('en-US')} pings match; narrow the date range or add a filter.`;
const EXPORT_URL_SECONDS = 300;

type Filters = Pick<PingHistoryQuery, 'CallerId' | 'StateCode' | 'ZipCode' | 'ErrorMessages'>;
type Sort = { sortColumnName: PingSortColumn; sortOrder: PingHistoryQuery['sortOrder'] };

const descending = (order: Sort['sortOrder']) => order === 'desc' || order === 'true';

function rangeQuery(p: PingHistoryParams) {
  const { from, to } = dayRange(p.startDate, p.endDate, REPORTING_TIME_ZONE);
  return Ping.query.ofCampaignVendor(p.campaignCode, p.vendorCode, from, to);
}

/** The range's days in the reporting zone, each [from, to), in time order. */
export function rangeDays(p: Pick<PingHistoryParams, 'startDate' | 'endDate'>): RangeDay[] {
  const days: RangeDay[] = [];
  for (let day = p.startDate; day <= p.endDate; day = dayjs.utc(day).add(1, 'day').format('YYYY-MM-DD'))
    days.push({ day, ...dayRange(day, day, REPORTING_TIME_ZONE) });
  return days;
}

/** Days of the range read at once by a whole-range read. */
const DAYS_AT_ONCE = 8;

/** The filters DynamoDB can apply (caller, state, zip); the error text is matched in memory. */
function keyFilter(f: Filters): Expr | undefined {
  const parts: string[] = [];
  const values: Record<string, string> = {};
  if (f.CallerId) { parts.push('contains(callerId, :caller)'); values[':caller'] = f.CallerId; }
  if (f.StateCode) { parts.push('begins_with(stateCode, :state)'); values[':state'] = f.StateCode; }
  if (f.ZipCode) { parts.push('begins_with(zipCode, :zip)'); values[':zip'] = f.ZipCode; }
  return parts.length ? { expression: parts.join(' AND '), values } : undefined;
}

/** The attributes a row is made of: what a range read projects. */
const ROW_ATTRIBUTES = ['at', 'callerId', 'bidCents', 'vendorCode', 'campaignCode', 'stateCode', 'zipCode', 'errorMessages'] as const;

const projectedPing = Ping.schema.pick({ at: true, callerId: true, bidCents: true, vendorCode: true, campaignCode: true, stateCode: true, zipCode: true, errorMessages: true });

/** A row from a projected Ping item (ROW_ATTRIBUTES), as toRow makes it from the whole item. */
const projectedRow = (item: Record<string, unknown>): PingHistoryRowDto => toRow(projectedPing.parse(item));

export function toRow(p: Pick<Ping, (typeof ROW_ATTRIBUTES)[number]>): PingHistoryRowDto {
  return {
    Timestamp: p.at,
    CallerId: p.callerId,
    BidAmount: p.bidCents === undefined ? null : p.bidCents / 100,
    VendorCode: p.vendorCode,
    CampaignCode: p.campaignCode,
    StateCode: p.stateCode,
    ZipCode: p.zipCode,
    ErrorMessages: p.errorMessages.join('; '),
  };
}

/** Every matching row of the range in the order asked, or a 400 when more than `limit` match. */
async function allRows(p: PingHistoryParams, q: Filters & Sort, limit: number): Promise<PingHistoryRowDto[]> {
  const filter = keyFilter(q);
  const text = q.ErrorMessages?.toLowerCase();
  const days = rangeDays(p);
  const perDay: PingHistoryRowDto[][] = new Array<PingHistoryRowDto[]>(days.length);
  let matched = 0;
  // Day by day, several at once: each day's rows in time order, the days concatenated in order.
  const readDay = async (n: number) => {
    const rows: PingHistoryRowDto[] = [];
    const key = Ping.query.ofCampaignVendor(p.campaignCode, p.vendorCode, days[n]!.from, days[n]!.to).key;
    let cursor: string | undefined;
    do {
      // Only the row's attributes (not the index keys, ids and stamps): half the bytes read and parsed.
      const page = await queryPage({ ...key, projection: ROW_ATTRIBUTES, ...(filter ? { filter } : {}), ...(cursor ? { cursor } : {}) });
      const before = rows.length;
      for (const ping of page.items) {
        const row = projectedRow(ping);
        if (text && !row.ErrorMessages.toLowerCase().includes(text)) continue;
        rows.push(row);
      }
      matched += rows.length - before;
      if (matched > limit) throw new ValidationFailed(TOO_MANY_ROWS(limit));
      cursor = page.cursor;
    } while (cursor);
    perDay[n] = rows;
  };
  let next = 0;
  const worker = async () => {
    while (next < days.length) await readDay(next++);
  };
  await Promise.all(Array.from({ length: Math.min(DAYS_AT_ONCE, days.length) }, worker));
  return sortRows(perDay.flat(), q);
}

export function sortRows(rows: PingHistoryRowDto[], q: Sort): PingHistoryRowDto[] {
  const column = q.sortColumnName;
  const sign = descending(q.sortOrder) ? -1 : 1;
  // Ties keep time order, so pages of a sort by state read the same way each time (and as the counted groups do).
  return [...rows].sort((a, b) => sign * compareColumnValues(column, a[column], b[column]) || a.Timestamp.localeCompare(b.Timestamp));
}

export async function pingHistoryPage(p: PingHistoryParams, q: PingHistoryQuery, now = new Date()): Promise<PingHistoryPageDto> {
  const counted = await countedPingPage({ campaignCode: p.campaignCode, vendorCode: p.vendorCode, days: rangeDays(p), query: q, now });
  if (counted) return { Data: counted.pings.map(toRow), Pages: Math.ceil(counted.total / q.pageSize), TotalCount: counted.total };
  const offset = (q.page - 1) * q.pageSize;
  const filtered = Boolean(q.CallerId || q.StateCode || q.ZipCode || q.ErrorMessages);
  if (!filtered && q.sortColumnName === 'Timestamp') {
    const newestFirst = descending(q.sortOrder);
    const query = rangeQuery(p);
    const { count } = await query.count();
    const pages = Math.ceil(count / q.pageSize);
    if (offset >= count) return { Data: [], Pages: pages, TotalCount: count };
    const skip = offset > 0 ? await query.count({ limit: offset, newestFirst }) : undefined;
    const page = await query.page({ limit: q.pageSize, newestFirst, ...(skip?.cursor ? { cursor: skip.cursor } : {}) });
    return { Data: page.items.map(toRow), Pages: pages, TotalCount: count };
  }
  const rows = await allRows(p, q, MAX_ROWS_IN_MEMORY);
  return { Data: rows.slice(offset, offset + q.pageSize), Pages: Math.ceil(rows.length / q.pageSize), TotalCount: rows.length };
}

// ---------------------------------------------------------------------------------------------
// Export

const CSV_COLUMNS = ['Timestamp', 'CallerId', 'BidAmount', 'VendorCode', 'CampaignCode', 'StateCode', 'ZipCode', 'ErrorMessages'] as const;
const FORMULA_START = /^(?:[=+@\t\r]|-(?!\d+(?:\.\d+)?$))/;
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

const hourFormat = new Intl.DateTimeFormat('en-US', { timeZone: REPORTING_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit', hour12: true });
const hours = new Map<string, { day: string; hour: string; period: string } | null>();

/**
 * MM/DD/YYYY h:mm:ss A in the reporting zone, as dayjs formats it, without a zone conversion per row
 * (the export's main cost): the zone's day, hour and AM/PM are worked out once per UTC hour, and the
 * minutes and seconds are the UTC ones, the zone's offset being whole hours (checked: else per row).
 */
export function reportTime(iso: string): string {
  const key = iso.slice(0, 13);
  let hour = hours.get(key);
  if (hour === undefined) {
    const parts = Object.fromEntries(hourFormat.formatToParts(new Date(`${key}:00:00.000Z`)).map((p) => [p.type, p.value]));
    hour = parts.minute === '00' ? { day: `${parts.month}/${parts.day}/${parts.year}`, hour: String(Number(parts.hour)), period: String(parts.dayPeriod).toUpperCase() } : null;
    if (hours.size > 50_000) hours.clear();
    hours.set(key, hour);
  }
  if (!hour || iso.length < 19) return dayjs(iso).tz(REPORTING_TIME_ZONE).format('MM/DD/YYYY h:mm:ss A');
  return `${hour.day} ${hour.hour}:${iso.slice(14, 16)}:${iso.slice(17, 19)} ${hour.period}`;
}

/** Part 3 §9: reports show MM/DD/YYYY (with the time, in the reporting zone); money with $ and two decimals. */
export function pingCsv(rows: readonly PingHistoryRowDto[]): string {
  const data = rows.map((r) => [
    reportTime(r.Timestamp),
    r.CallerId,
    r.BidAmount === null ? '' : money.format(r.BidAmount),
    r.VendorCode,
    r.CampaignCode,
    r.StateCode,
    r.ZipCode,
    r.ErrorMessages,
  ]);
  return Papa.unparse({ fields: [...CSV_COLUMNS], data }, { escapeFormulae: FORMULA_START, newline: '\r\n' });
}

/** 'PingHistory-{campaign}-{vendor}-{MM-DD-YYYY}.csv': the subject and the day of the export (part 3 §9). */
export const pingExportFileName = (p: PingHistoryParams, now: Date) =>
  `PingHistory-${fileSafe(p.campaignCode)}-${fileSafe(p.vendorCode)}-${dayjs(now).tz(REPORTING_TIME_ZONE).format('MM-DD-YYYY')}.csv`;

/** Vendor codes are free text: anything but letters, digits, dots, dashes and underscores becomes '_' in a file name. */
const fileSafe = (code: string) => code.replace(/[^A-Za-z0-9_.-]/g, '_');

export async function exportPingHistory(p: PingHistoryParams, q: Filters & Sort, now = new Date()): Promise<{ url: string; fileName: string }> {
  const rows = await allRows(p, q, MAX_EXPORT_ROWS);
  const fileName = pingExportFileName(p, now);
  const key = `reports/ping-history/${dayjs(now).tz(REPORTING_TIME_ZONE).format('YYYY-MM-DD')}/${randomUUID()}/${fileName}`;
  const bucket = configuredBucket('EXPORTS_BUCKET');
  await putFile({ bucket, key, body: pingCsv(rows), contentType: 'text/csv; charset=utf-8', fileName });
  return { url: await presignDownload({ bucket, key, fileName, expiresInSeconds: EXPORT_URL_SECONDS }), fileName };
}
