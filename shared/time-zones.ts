// The account time zones the spec knows (part 1 §9), each with its IANA zone. A time zone outside
// this list counts as missing and opens the blocking First Time Setup dialog.

export const TIME_ZONES = {
  Central: 'America/Chicago',
  Eastern: 'America/New_York',
  Hawaii: 'Pacific/Honolulu',
  Aleutian: 'America/Adak',
  Alaska: 'America/Anchorage',
  Pacific: 'America/Los_Angeles',
  Arizona: 'America/Phoenix',
  Mountain: 'America/Denver',
} as const;

export type TimeZoneName = keyof typeof TIME_ZONES;

export const DEFAULT_TIME_ZONE: TimeZoneName = 'Central';

export const TIME_ZONE_NAMES = Object.keys(TIME_ZONES) as TimeZoneName[];

export function isKnownTimeZone(value: string | undefined | null): value is TimeZoneName {
  return value != null && Object.hasOwn(TIME_ZONES, value);
}

/**
 * The ways the code reads an instant in a zone, each one Intl.DateTimeFormat per zone, kept: building
 * a formatter costs far more than using one, and the lead engine asks per candidate.
 */
const ZONED_FORMATS = {
  /** 2025-01-31 */
  day: ['en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }],
  /** The parts year, month, day and hour (00–23). */
  dayHour: ['en-US', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' }],
  /** The parts weekday (Mon), hour (00–23) and minute. */
  weekdayMinute: ['en-US', { weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }],
  /** 1/31/2025, 3:04:05 PM */
  dateTime: ['en-US', { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit', hour12: true }],
  /** The parts of 01/31/2025, 3:04:05 PM (two-digit month and day: the reports' times) */
  reportTime: ['en-US', { year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit', second: '2-digit', hour12: true }],
  /** 01/31/2025 */
  reportDay: ['en-US', { year: 'numeric', month: '2-digit', day: '2-digit' }],
} as const satisfies Record<string, readonly [string, Intl.DateTimeFormatOptions]>;
export type ZonedFormatName = keyof typeof ZONED_FORMATS;

const zonedFormats = new Map<string, Intl.DateTimeFormat>();

/** The kept formatter of a format in an IANA zone. */
export function zonedFormat(ianaZone: string, name: ZonedFormatName): Intl.DateTimeFormat {
  const key = `${name}|${ianaZone}`;
  let format = zonedFormats.get(key);
  if (!format) {
    const [locale, options] = ZONED_FORMATS[name];
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: ianaZone });
    zonedFormats.set(key, format);
  }
  return format;
}

/**
 * The last parts per zone and format, by the minute (a format without seconds) or second they show:
 * the lead engine asks the same few zones for every candidate of every lead, and leads of one minute
 * share the answer (zones' offsets are whole minutes).
 */
const lastParts = new Map<string, { time: number; parts: Readonly<Record<string, string>> }>();
/** The formats that show seconds (the others show the minute at most). */
const WITH_SECONDS: ReadonlySet<string> = new Set(Object.entries(ZONED_FORMATS).flatMap(([name, [, options]]) => ('second' in options ? [name] : [])));

/** The named parts (year, month, day, hour, weekday, ...) of an instant in a zone (frozen: shared with the next ask of the same minute or second). */
export function zonedParts(at: Date, ianaZone: string, name: ZonedFormatName): Readonly<Record<string, string>> {
  const key = `${name}|${ianaZone}`;
  const time = Math.floor(at.getTime() / (WITH_SECONDS.has(name) ? 1_000 : 60_000));
  const last = lastParts.get(key);
  if (last?.time === time) return last.parts;
  const parts: Record<string, string> = {};
  for (const part of zonedFormat(ianaZone, name).formatToParts(at)) parts[part.type] = part.value;
  Object.freeze(parts);
  lastParts.set(key, { time, parts });
  return parts;
}

/** YYYY-MM-DD of an instant in an IANA time zone. */
export function dayIn(at: Date, ianaZone: string): string {
  return zonedFormat(ianaZone, 'day').format(at);
}

/** The company's zone (Central, the spec's default): the one calendar of reports, daily counters and fund and campaign dates. */
export const COMPANY_TIME_ZONE = TIME_ZONES.Central;

/** The company's day (YYYY-MM-DD) at an instant: the day reports count in and fund and campaign dates are judged by. */
export const companyDay = (at: Date = new Date()): string => dayIn(at, COMPANY_TIME_ZONE);
