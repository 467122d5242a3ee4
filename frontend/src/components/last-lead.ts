// An agent's last lead time as the spec shows it (part 1 §2.3, §9; Home and My Team): the date and
// time in the account's time zone, or N/A when there is none. Older systems stored "no lead yet" as
// a date in 2001 or earlier (often year 1), so those years count as none too.
import { formatDateTime } from './date-time.ts';

const LAST_YEAR_MEANING_NONE = 2001;

/** True when the value is a real lead time, not missing, unreadable or a placeholder year. */
export function hasLastLead(lastLeadDateTime: string | null): lastLeadDateTime is string {
  if (!lastLeadDateTime) return false;
  const moment = new Date(lastLeadDateTime);
  return !Number.isNaN(moment.getTime()) && moment.getUTCFullYear() > LAST_YEAR_MEANING_NONE;
}

/** Home's Last Lead Received: the time, or N/A. */
export function lastLeadText(lastLeadDateTime: string | null, timeZone: string | null): string {
  return hasLastLead(lastLeadDateTime) ? formatDateTime(lastLeadDateTime, timeZone) : 'N/A';
}
