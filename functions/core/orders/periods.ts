// The keys of the usage counters' periods (data-model §2.3 OrderUsage): the hour, day, ISO week and
// month containing a moment, in the account's time zone.
import type { UsagePeriod } from '#entities/order-usage.ts';
import { zonedParts } from '#shared/time-zones.ts';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function periodKeys(at: Date, ianaZone: string): Record<UsagePeriod, string> {
  const parts = zonedParts(at, ianaZone, 'dayHour');
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  const date = `${year}-${pad(month)}-${pad(day)}`;
  return { HOUR: `${date}T${pad(Number(parts.hour) % 24)}`, DAY: date, WEEK: isoWeek(year, month, day), MONTH: `${year}-${pad(month)}` };
}

/** ISO 8601 week of a calendar day: weeks start Monday, the Thursday decides the year. */
export function isoWeek(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const weekYear = date.getUTCFullYear();
  const week = Math.ceil(((date.getTime() - Date.UTC(weekYear, 0, 1)) / 86_400_000 + 1) / 7);
  return `${weekYear}-W${pad(week)}`;
}
