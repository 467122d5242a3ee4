// The reporting calendar. Reports and daily counters use one calendar: the company's reporting time
// zone (Central, the spec's default zone), so "May 1" means the same day for every agent in a report.

export const REPORTING_TIME_ZONE = 'America/Chicago';
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: REPORTING_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** YYYY-MM-DD of an instant in the reporting time zone. */
export const reportDay = (isoTime: string) => dayFormat.format(new Date(isoTime));
/** YYYY-MM of an instant in the reporting time zone. */
export const reportMonth = (isoTime: string) => reportDay(isoTime).slice(0, 7);
