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
