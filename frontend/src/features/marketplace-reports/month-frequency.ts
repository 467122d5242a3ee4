// The performance reports' month frequency (part 3 §2, §9): 0 this month to date, 1 last month, then
// 2 to 12 the previous months by name, each as a day range on the company's reporting calendar
// (Central), the calendar the performance aggregates are kept in.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { companyDay } from '#shared/time-zones.ts';
import type { DayRange } from './api/performance-reports.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

export const MONTH_CHOICES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

/** The range a choice stands for: this month to today, or the whole month `choice` months back. */
export function monthRange(choice: number, now = new Date()): DayRange {
  const today = companyDay(now);
  const month = dayjs.utc(`${today.slice(0, 7)}-01`).subtract(choice, 'month');
  if (choice === 0) return { startDate: month.format('YYYY-MM-DD'), endDate: today };
  return { startDate: month.format('YYYY-MM-DD'), endDate: month.endOf('month').format('YYYY-MM-DD') };
}

export function monthLabel(choice: number, now = new Date()): string {
  if (choice === 0) return 'This month to date';
  if (choice === 1) return 'Last month';
  return dayjs.utc(monthRange(choice, now).startDate).format('MMMM YYYY');
}

export const monthOptions = (now = new Date()) => MONTH_CHOICES.map((c) => ({ value: String(c), label: monthLabel(c, now) }));
