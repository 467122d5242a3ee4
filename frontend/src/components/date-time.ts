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

/**
 * A day typed in a date picker as M/D/YYYY (the spec's date format), returned as YYYY-MM-DD, or null
 * while the text is not a real calendar day. Used by every picker that takes typed days: the
 * transaction range, the fund form and the campaign form.
 */
export function parsePickerDay(text: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [, month, day, year] = match;
  const iso = `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
  // Date rolls 2/30 over into March; a day that does not read back the same is not a real one.
  const parsed = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(iso) ? iso : null;
}
