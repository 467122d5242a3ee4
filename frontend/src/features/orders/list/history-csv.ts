// The history dialogs' rows as text (spec part 2 §2, §9): the filter matches any column, the CSV holds
// the filtered rows under the column titles, and its name combines the subject and the day
// (MM-DD-YYYY) in the account's time zone.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import Papa from 'papaparse';
import { DEFAULT_TIME_ZONE, isKnownTimeZone, TIME_ZONES } from '#shared/time-zones.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

export interface HistoryColumn<T> {
  title: string;
  /** The column's text, as the filter matches it and the CSV holds it. */
  text: (row: T) => string;
  /** A shorter text for the table's cell (long lists); the column's text when absent. */
  cell?: (row: T) => string;
}

/** A long list cut for a table cell: its first `keep` entries and how many more there are. */
export function shortList(items: readonly string[], keep = 10): string {
  return items.length <= keep ? items.join(', ') : `${items.slice(0, keep).join(', ')} (+${items.length - keep} more)`;
}

export function filterRows<T>(rows: readonly T[], columns: readonly HistoryColumn<T>[], filter: string): T[] {
  const needle = filter.trim().toLowerCase();
  if (!needle) return [...rows];
  return rows.filter((row) => columns.some((column) => column.text(row).toLowerCase().includes(needle)));
}

export function historyCsv<T>(rows: readonly T[], columns: readonly HistoryColumn<T>[]): string {
  return Papa.unparse({ fields: columns.map((c) => c.title), data: rows.map((row) => columns.map((c) => c.text(row))) }, { newline: '\r\n' });
}

/** "Order-1042-Status-History-03-05-2026.csv": the subject's words joined by dashes, then the day. */
export function csvFileName(subject: string, now: Date, timeZoneName: string | null | undefined): string {
  const zone = TIME_ZONES[isKnownTimeZone(timeZoneName) ? timeZoneName : DEFAULT_TIME_ZONE];
  const words = subject.trim().split(/[^A-Za-z0-9]+/).filter(Boolean);
  return `${words.join('-')}-${dayjs(now).tz(zone).format('MM-DD-YYYY')}.csv`;
}
