// The history dialogs' rows as text (spec part 2 §2, §9): the filter matches any column, the CSV holds
// the filtered rows under the column titles, and its name combines the subject and the day
// (MM-DD-YYYY) in the account's time zone.
import { csvFileName as subjectDayFileName, csvText } from '#shared/csv.ts';
import { DEFAULT_TIME_ZONE, isKnownTimeZone, TIME_ZONES } from '#shared/time-zones.ts';

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

/** The rows under the column titles; a cell a spreadsheet would run as a formula gets a leading quote, as in every export. */
export function historyCsv<T>(rows: readonly T[], columns: readonly HistoryColumn<T>[]): string {
  return csvText(columns.map((c) => c.title), rows.map((row) => columns.map((c) => c.text(row))));
}

/** "Order-1042-Status-History-03-05-2026.csv": the subject's words joined by dashes, then the day. */
export function csvFileName(subject: string, now: Date, timeZoneName: string | null | undefined): string {
  const zone = TIME_ZONES[isKnownTimeZone(timeZoneName) ? timeZoneName : DEFAULT_TIME_ZONE];
  const words = subject.trim().split(/[^A-Za-z0-9]+/).filter(Boolean);
  return subjectDayFileName(words.join('-'), now, zone);
}
