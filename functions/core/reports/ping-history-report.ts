// Ping History's rows (part 3 §3, §7): the Ping items of one campaign and vendor over days of the
// reporting zone. A filtered or re-sorted page reads the range's rows (only their attributes), day by
// day side by side, then filters, sorts and slices them in memory. A day that ended before yesterday
// gains no pings, so its rows are held for the Lambda's life (until its pings near their expiry) and
// only today's and yesterday's are read again: a warm page costs two days' Queries and an in-memory
// sort. A page in time order counts the days instead (a closed day's count held too) and reads only
// the days the page falls on, so a cold Lambda's first page does not read the month.
import { randomUUID } from 'node:crypto';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { dayRange } from '#core/money/transactions-view.ts';
import { Ping, PING_RETENTION_DAYS } from '#entities/ping.ts';
import { bucket as configuredBucket } from '#platform/config.ts';
import { queryCount, queryPage } from '#platform/db.ts';
import { ValidationFailed } from '#platform/errors.ts';
import { COMPANY_TIME_ZONE } from '#shared/time-zones.ts';
import { csvFileName, csvText } from '#shared/csv.ts';
import { presignDownload, putFile } from '#platform/s3.ts';
import type { PingHistoryParams, PingHistoryPageDto, PingHistoryQuery, PingHistoryRowDto, PingSortColumn } from '#shared/api/reports-ping.ts';
import { mapLimited } from './ledger-reports.ts';
import { kept, onForget } from '#platform/held.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Rows a filtered or re-sorted page (and an export) may read; beyond it the caller narrows the range. */
export const MAX_ROWS_IN_MEMORY = 20_000;
export const MAX_EXPORT_ROWS = 100_000;
export const TOO_MANY_ROWS = (limit: number) => `More than ${limit.toLocaleString('en-US')} pings match; narrow the date range or add a filter.`;
const EXPORT_URL_SECONDS = 300;
const DAY_MS = 86_400_000;

const FILTERS = ['CallerId', 'StateCode', 'ZipCode', 'ErrorMessages'] as const;
type Filters = Pick<PingHistoryQuery, (typeof FILTERS)[number]>;
/** Whether any of the spec's filters is given (an empty one filters nothing, as `matches` reads it). */
const filtered = (f: Filters) => FILTERS.some((name) => f[name]);
type Sort = { sortColumnName: PingSortColumn; sortOrder: PingHistoryQuery['sortOrder'] };

const descending = (order: Sort['sortOrder']) => order === 'desc' || order === 'true';

/** One day of the report's range in the reporting zone: [from, to) as UTC ISO times. */
export interface RangeDay {
  day: string;
  from: string;
  to: string;
}

/** The range's days in the reporting zone, each [from, to), in time order. */
export function rangeDays(p: Pick<PingHistoryParams, 'startDate' | 'endDate'>): RangeDay[] {
  const days: RangeDay[] = [];
  for (let day = p.startDate; day <= p.endDate; day = dayjs.utc(day).add(1, 'day').format('YYYY-MM-DD'))
    days.push({ day, ...dayRange(day, day, COMPANY_TIME_ZONE) });
  return days;
}

/** Days of the range read at once. */
const DAYS_AT_ONCE = 8;

/** The attributes a row is made of: what a range read projects. */
const ROW_ATTRIBUTES = ['at', 'callerId', 'bidCents', 'vendorCode', 'campaignCode', 'stateCode', 'zipCode', 'errorMessages'] as const;

const projectedPing = Ping.schema.pick({ at: true, callerId: true, bidCents: true, vendorCode: true, campaignCode: true, stateCode: true, zipCode: true, errorMessages: true });

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

/** Closed days' rows, by table, pair and day, in time order; cleared whole past MAX_HELD_ROWS (about 50 MB). */
const heldDays = kept(new Map<string, PingHistoryRowDto[]>());
const MAX_HELD_ROWS = 200_000;
let heldRows = 0;
onForget(() => {
  heldRows = 0;
});

/** A day of the pair: its Query key, and whether its rows (and count) may be held. */
function pairDay(p: PingHistoryParams, day: RangeDay, now: Date) {
  const key = Ping.query.ofCampaignVendor(p.campaignCode, p.vendorCode, day.from, day.to).key;
  // A day that ended before yesterday began gains no ping; a day a day or more from its pings' expiry
  // loses none (after that, DynamoDB's TTL may remove them: such a day is read every time).
  const holdable = Date.parse(day.to) + DAY_MS <= now.getTime() && Date.parse(day.to) + (PING_RETENTION_DAYS - 1) * DAY_MS > now.getTime();
  return { key, holdable, heldKey: `${process.env.TABLE_NAME ?? ''}#${key.pk}#${day.day}` };
}

/** A day's rows of the pair, in time order: held when the day can neither gain nor lose pings (`pairDay`). */
async function rowsOfDay(p: PingHistoryParams, day: RangeDay, now: Date): Promise<PingHistoryRowDto[]> {
  const { key, holdable, heldKey } = pairDay(p, day, now);
  const held = holdable ? heldDays.get(heldKey) : undefined;
  if (held) return held;
  const rows: PingHistoryRowDto[] = [];
  let cursor: string | undefined;
  do {
    // Only the row's attributes (not the index keys, ids and stamps): half the bytes read and parsed.
    const page = await queryPage({ ...key, projection: ROW_ATTRIBUTES, ...(cursor ? { cursor } : {}) });
    for (const item of page.items) rows.push(toRow(projectedPing.parse(item)));
    cursor = page.cursor;
  } while (cursor);
  if (holdable) {
    if (heldRows + rows.length > MAX_HELD_ROWS) {
      heldDays.clear();
      heldRows = 0;
    }
    heldDays.set(heldKey, rows);
    heldRows += rows.length;
  }
  return rows;
}

/** Holdable days' ping counts, by the same keys as their rows (a few bytes each). */
const heldCounts = kept(new Map<string, number>());
const MAX_HELD_COUNTS = 100_000;

/** A day's rows when held or when they may change (today, yesterday, near expiry), else its count alone (Select COUNT, held). */
async function rowsOrCountOfDay(p: PingHistoryParams, day: RangeDay, now: Date): Promise<PingHistoryRowDto[] | number> {
  const { key, holdable, heldKey } = pairDay(p, day, now);
  if (!holdable) return rowsOfDay(p, day, now);
  const known = heldDays.get(heldKey) ?? heldCounts.get(heldKey);
  if (known !== undefined) return known;
  const { count } = await queryCount(key);
  if (heldCounts.size >= MAX_HELD_COUNTS) heldCounts.clear();
  heldCounts.set(heldKey, count);
  return count;
}

/**
 * A page in time order without filters: each day counted (a closed day's count held, so a cold Lambda
 * reads no closed day's pings to count them), then only the page's days read.
 */
async function timeOrderPage(p: PingHistoryParams, q: PingHistoryQuery, now: Date): Promise<PingHistoryPageDto> {
  const days = rangeDays(p);
  if (descending(q.sortOrder)) days.reverse();
  const sized = await mapLimited(days, DAYS_AT_ONCE, (day) => rowsOrCountOfDay(p, day, now));
  const sizeOf = (d: PingHistoryRowDto[] | number) => (typeof d === 'number' ? d : d.length);
  const total = sized.reduce<number>((n, d) => n + sizeOf(d), 0);
  if (total > MAX_ROWS_IN_MEMORY) throw new ValidationFailed(TOO_MANY_ROWS(MAX_ROWS_IN_MEMORY));
  const offset = (q.page - 1) * q.pageSize;
  const onPage: Promise<PingHistoryRowDto[]>[] = [];
  let firstRead = 0;
  let before = 0;
  for (const [i, d] of sized.entries()) {
    const size = sizeOf(d);
    if (before + size > offset && before < offset + q.pageSize) {
      if (onPage.length === 0) firstRead = before;
      onPage.push(typeof d === 'number' ? rowsOfDay(p, days[i]!, now) : Promise.resolve(d));
    }
    before += size;
  }
  const rows = (await Promise.all(onPage)).flatMap((r) => (descending(q.sortOrder) ? [...r].reverse() : r));
  return { Data: rows.slice(offset - firstRead, offset - firstRead + q.pageSize), Pages: Math.ceil(total / q.pageSize), TotalCount: total };
}

/** Forgets every held day: a cold Lambda (the benchmark). */
export function forgetHeldPingDays(): void {
  heldDays.clear();
  heldCounts.clear();
  heldRows = 0;
}

/** The spec's filters: a part of the caller id, the start of the state or zip, a part of the error text (any case). */
function matches(f: Filters): (row: PingHistoryRowDto) => boolean {
  const text = f.ErrorMessages?.toLowerCase();
  return (r) =>
    (!f.CallerId || r.CallerId.includes(f.CallerId)) &&
    (!f.StateCode || r.StateCode.startsWith(f.StateCode)) &&
    (!f.ZipCode || r.ZipCode.startsWith(f.ZipCode)) &&
    (!text || r.ErrorMessages.toLowerCase().includes(text));
}

/** Every matching row of the range in the order asked, or a 400 when more than `limit` match. */
async function allRows(p: PingHistoryParams, q: Filters & Sort, limit: number, now: Date): Promise<PingHistoryRowDto[]> {
  const perDay = await mapLimited(rangeDays(p), DAYS_AT_ONCE, (day) => rowsOfDay(p, day, now));
  const rows = perDay.flat().filter(matches(q));
  if (rows.length > limit) throw new ValidationFailed(TOO_MANY_ROWS(limit));
  // Read in key order ({at}#{pingId}): newest first is that order reversed, ties by ping id too.
  if (q.sortColumnName === 'Timestamp') return descending(q.sortOrder) ? rows.reverse() : rows;
  return sortRows(rows, q);
}

const collator = new Intl.Collator();

/**
 * The order of two values of a column as the report sorts them (before the sort direction): bids as
 * numbers with no bid lowest, everything else as text as localeCompare orders it.
 */
export function compareColumnValues(column: PingSortColumn, x: string | number | null, y: string | number | null): number {
  if (column === 'BidAmount') return (typeof x === 'number' ? x : -1) - (typeof y === 'number' ? y : -1);
  return collator.compare(String(x), String(y));
}

export function sortRows(rows: PingHistoryRowDto[], q: Sort): PingHistoryRowDto[] {
  const column = q.sortColumnName;
  const sign = descending(q.sortOrder) ? -1 : 1;
  // Ties keep time order, so pages of a sort by state read the same way each time.
  return [...rows].sort((a, b) => sign * compareColumnValues(column, a[column], b[column]) || (a.Timestamp < b.Timestamp ? -1 : a.Timestamp > b.Timestamp ? 1 : 0));
}

export async function pingHistoryPage(p: PingHistoryParams, q: PingHistoryQuery, now = new Date()): Promise<PingHistoryPageDto> {
  if (q.sortColumnName === 'Timestamp' && !filtered(q)) return timeOrderPage(p, q, now);
  const rows = await allRows(p, q, MAX_ROWS_IN_MEMORY, now);
  const offset = (q.page - 1) * q.pageSize;
  return { Data: rows.slice(offset, offset + q.pageSize), Pages: Math.ceil(rows.length / q.pageSize), TotalCount: rows.length };
}

// ---------------------------------------------------------------------------------------------
// Export

const CSV_COLUMNS = ['Timestamp', 'CallerId', 'BidAmount', 'VendorCode', 'CampaignCode', 'StateCode', 'ZipCode', 'ErrorMessages'] as const;
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

const hourFormat = new Intl.DateTimeFormat('en-US', { timeZone: COMPANY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit', hour12: true });
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
  if (!hour || iso.length < 19) return dayjs(iso).tz(COMPANY_TIME_ZONE).format('MM/DD/YYYY h:mm:ss A');
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
  return csvText(CSV_COLUMNS, data);
}

/** 'PingHistory-{campaign}-{vendor}-{MM-DD-YYYY}.csv': the subject and the day of the export, in the company's zone (part 3 §9). */
export const pingExportFileName = (p: PingHistoryParams, now: Date) => csvFileName(`PingHistory-${fileSafe(p.campaignCode)}-${fileSafe(p.vendorCode)}`, now);

/** Vendor codes are free text: anything but letters, digits, dots, dashes and underscores becomes '_' in a file name. */
const fileSafe = (code: string) => code.replace(/[^A-Za-z0-9_.-]/g, '_');

export async function exportPingHistory(p: PingHistoryParams, q: Filters & Sort, now = new Date()): Promise<{ url: string; fileName: string }> {
  const rows = await allRows(p, q, MAX_EXPORT_ROWS, now);
  const fileName = pingExportFileName(p, now);
  const key = `reports/ping-history/${dayjs(now).tz(COMPANY_TIME_ZONE).format('YYYY-MM-DD')}/${randomUUID()}/${fileName}`;
  const bucket = configuredBucket('EXPORTS_BUCKET');
  await putFile({ bucket, key, body: pingCsv(rows), contentType: 'text/csv; charset=utf-8', fileName });
  return { url: await presignDownload({ bucket, key, fileName, expiresInSeconds: EXPORT_URL_SECONDS }), fileName };
}
