// Dates and times as the spec shows them (part 1 §9): M/D/YYYY, h:mm:ss A in the account's time zone,
// which is Central when the account has none (staff) or names one outside the known list.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DEFAULT_TIME_ZONE, TIME_ZONES, isKnownTimeZone } from '#shared/time-zones.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

const DATE_TIME_FORMAT = 'M/D/YYYY, h:mm:ss A';

function ianaZoneOf(timeZoneName: string | null | undefined): string {
  return TIME_ZONES[isKnownTimeZone(timeZoneName) ? timeZoneName : DEFAULT_TIME_ZONE];
}

export function formatDateTime(moment: Date | string, timeZoneName: string | null | undefined): string {
  return dayjs(moment).tz(ianaZoneOf(timeZoneName)).format(DATE_TIME_FORMAT);
}
