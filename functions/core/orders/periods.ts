// An order's usage per period (data-model §2.3, the header's `usage`): the keys of the hour, day, ISO
// week and month containing a moment in the account's time zone, what the header says was used in
// them, and what a sale sets it to.
import { USAGE_PERIODS, type OrderUsage, type UsagePeriod } from '#entities/order.ts';
import { zonedFormat, zonedParts } from '#shared/time-zones.ts';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The last minute's keys per zone: the lead engine asks the same few zones for every candidate of every lead (the keys change on the hour). */
const lastKeys = new Map<string, { time: number; keys: Readonly<Record<UsagePeriod, string>> }>();

/** The calendar hour ("2026-11-01T01") an hour before `time` in the zone (its own formatting: zonedParts keeps the instant being keyed). */
function hourBefore(time: number, ianaZone: string): string {
  const parts: Record<string, string> = {};
  for (const part of zonedFormat(ianaZone, 'dayHour').formatToParts(new Date(time - 3_600_000))) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}T${pad(Number(parts.hour) % 24)}`;
}

/**
 * The hour, day, ISO week and month containing `at` in the zone. The hour a clock repeats when it falls
 * back (1 am twice in the US in November) is two hours of leads: the second is keyed apart ("T01+"),
 * so an hourly cap allows its leads in each.
 */
export function periodKeys(at: Date, ianaZone: string): Readonly<Record<UsagePeriod, string>> {
  const time = at.getTime();
  const minute = Math.floor(time / 60_000);
  const last = lastKeys.get(ianaZone);
  if (last?.time === minute) return last.keys;
  const parts = zonedParts(at, ianaZone, 'dayHour');
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  const date = `${year}-${pad(month)}-${pad(day)}`;
  const hour = `${date}T${pad(Number(parts.hour) % 24)}`;
  const repeated = hourBefore(time, ianaZone) === hour;
  const keys = Object.freeze({ HOUR: repeated ? `${hour}+` : hour, DAY: date, WEEK: isoWeek(year, month, day), MONTH: `${year}-${pad(month)}` });
  lastKeys.set(ianaZone, { time: minute, keys });
  return keys;
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

/** Days of counts an order's header keeps: today and the seven before it (staff insights' last 7 days). */
export const USAGE_DAYS_KEPT = 8;

/** What the header's usage says the order took in the periods of `keys`; a period since turned took nothing. */
export function usedIn(usage: OrderUsage | undefined, keys: Record<UsagePeriod, string>): Record<UsagePeriod, number> {
  // Written out (no helper closure): the lead engine asks it of every candidate of every lead.
  if (!usage) return { HOUR: 0, DAY: 0, WEEK: 0, MONTH: 0 };
  const { HOUR, WEEK, MONTH } = usage;
  return {
    HOUR: HOUR?.key === keys.HOUR ? HOUR.count : 0,
    DAY: usage.days[keys.DAY] ?? 0,
    WEEK: WEEK?.key === keys.WEEK ? WEEK.count : 0,
    MONTH: MONTH?.key === keys.MONTH ? MONTH.count : 0,
  };
}

/** The leads the order took on one day of the account's zone (kept for USAGE_DAYS_KEPT days). */
export const usedOnDay = (usage: OrderUsage | undefined, day: string): number => usage?.days[day] ?? 0;

/** The header's usage after one more lead in the periods of `keys` (the sale SETs it under the header's lead count as read). */
export function usageWithOneMore(usage: OrderUsage | undefined, keys: Record<UsagePeriod, string>): OrderUsage {
  const used = usedIn(usage, keys);
  const earlier = Object.entries(usage?.days ?? {})
    .filter(([day]) => day !== keys.DAY)
    .sort(([a], [b]) => b.localeCompare(a))
    .slice(0, USAGE_DAYS_KEPT - 1);
  const next = Object.fromEntries(USAGE_PERIODS.filter((p) => p !== 'DAY').map((p) => [p, { key: keys[p], count: used[p] + 1 }]));
  return { ...next, days: Object.fromEntries([...earlier, [keys.DAY, used.DAY + 1]]) } as OrderUsage;
}
