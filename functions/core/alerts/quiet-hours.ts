// Quiet hours (issue 23): a daily window of the agent's wall clock, in the account's time zone, during
// which e-mail and SMS alerts wait (or are dropped). A window whose end is before its start spans
// midnight (22:00 to 07:00). When it ends is computed on the wall clock, so a night with a daylight
// saving change still ends at 07:00 local time, and an end that does not exist that night (02:30 when
// the clocks jump from 02:00 to 03:00) is the first moment after it that is outside the window.
import { DEFAULT_TIME_ZONE, isKnownTimeZone, TIME_ZONES } from '#shared/time-zones.ts';

export interface QuietHours {
  /** HH:MM, the first minute of the window. */
  start: string;
  /** HH:MM, the first minute after it. */
  end: string;
}

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

/** The IANA zone of an account's time zone name (Central when it names none the spec knows). */
export const accountZone = (timeZone: string | undefined): string => TIME_ZONES[isKnownTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE];

const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};

const formats = new Map<string, Intl.DateTimeFormat>();
function wallClock(at: Date, zone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formats.set(zone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(at)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
}

/** Minutes the zone's wall clock is ahead of UTC at an instant (-360 for Central standard time). */
function offsetMinutes(at: Date, zone: string): number {
  const w = wallClock(at, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / MINUTE);
}

/** The wall-clock minute of the day (0..1439) of an instant in a zone. */
export function localMinuteOfDay(at: Date, zone: string): number {
  const w = wallClock(at, zone);
  return w.hour * 60 + w.minute;
}

/** Whether an instant falls inside the window on the zone's wall clock. */
export function inQuietHours(quiet: QuietHours, at: Date, zone: string): boolean {
  const minute = localMinuteOfDay(at, zone);
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/**
 * When the window that `at` is in ends: the first instant at or after `at` outside it (`at` itself
 * when it is outside). The end is found on the wall clock, then corrected for a change of UTC offset
 * between now and then; an end the clocks skip is moved on to the first instant outside the window.
 */
export function quietHoursEnd(quiet: QuietHours, at: Date, zone: string): Date {
  if (!inQuietHours(quiet, at, zone)) return at;
  const ahead = (minutesOf(quiet.end) - localMinuteOfDay(at, zone) + DAY_MINUTES) % DAY_MINUTES;
  const fromMinute = Math.floor(at.getTime() / MINUTE) * MINUTE;
  let end = fromMinute + ahead * MINUTE;
  end -= (offsetMinutes(new Date(end), zone) - offsetMinutes(at, zone)) * MINUTE;
  // Half an hour at a time: quiet hours are half-hour slots, and the skipped hour of a spring night is whole.
  for (let step = 0; step < 4 && inQuietHours(quiet, new Date(end), zone); step++) end += 30 * MINUTE;
  return new Date(Math.max(end, at.getTime()));
}
