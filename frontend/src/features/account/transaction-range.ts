// The date range of the transaction table (spec part 1 §2.5, §9): days written YYYY-MM-DD as the API
// takes them, defaulting to the last 5 days up to today in the account's time zone.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { z } from 'zod';
import { pageSearchSchema } from '@/components/server-table.ts';
import { DEFAULT_TIME_ZONE, isKnownTimeZone, TIME_ZONES } from '#shared/time-zones.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

export const DAY_FORMAT = 'YYYY-MM-DD';
/** Spec part 1 §9: "Transaction default range: the last 5 days to today". */
export const DEFAULT_RANGE_DAYS = 5;
/** Spec part 1 §9: "filtered results appear after a 1 s delay". */
export const FILTER_DELAY_MS = 1_000;

export interface DayRange {
  startDate: string;
  endDate: string;
}

/**
 * Today is the account's today: the server reads the range's days in the account's time zone, so a
 * Hawaii agent late in the evening must not ask for a day that has not begun for them.
 */
export function defaultRange(timeZoneName: string | null | undefined, now: Date = new Date()): DayRange {
  const zone = TIME_ZONES[isKnownTimeZone(timeZoneName) ? timeZoneName : DEFAULT_TIME_ZONE];
  const today = dayjs(now).tz(zone);
  return { startDate: today.subtract(DEFAULT_RANGE_DAYS, 'day').format(DAY_FORMAT), endDate: today.format(DAY_FORMAT) };
}

/** The problem with a picked range, or undefined when the table can ask for it. */
export function rangeProblem(range: { startDate: string | null; endDate: string | null }): string | undefined {
  if (!range.startDate || !range.endDate) return 'Choose both a From and a To date.';
  if (range.endDate < range.startDate) return 'To cannot be before From.';
  return undefined;
}

/** How the From and To pickers show a day: the spec's date format, M/D/YYYY. */
export const PICKER_FORMAT = 'M/D/YYYY';

export { parsePickerDay } from '@/components/date-time.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The transaction table's URL: `?page=2&from=2026-11-01&to=2026-11-05`; without a range, the default one. */
export const transactionsSearchSchema = pageSearchSchema.extend({ from: day.optional(), to: day.optional() });
export type TransactionsSearch = z.infer<typeof transactionsSearchSchema>;

/** The range the URL asks for, or the default range in the account's time zone. */
export function rangeOfSearch(search: TransactionsSearch, timeZoneName: string | null | undefined): DayRange {
  return search.from && search.to ? { startDate: search.from, endDate: search.to } : defaultRange(timeZoneName);
}
