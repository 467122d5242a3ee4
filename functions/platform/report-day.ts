// The reporting calendar. Reports and daily counters use one calendar: the company's zone (Central, the
// spec's default zone; shared/time-zones.ts), so "May 1" means the same day for every agent in a report.
import { companyDay } from '#shared/time-zones.ts';

/** YYYY-MM-DD of an instant in the company's zone. */
export const reportDay = (isoTime: string) => companyDay(new Date(isoTime));
/** YYYY-MM of an instant in the company's zone. */
export const reportMonth = (isoTime: string) => reportDay(isoTime).slice(0, 7);
