// The partner Home's words (issue 24): the range it shows, day labels, and the captions that say in a
// sentence what each chart shows (the charts' text alternative, with every figure in a visually
// hidden table beside them). Days are the reporting calendar's (Central), as the server counts them.
import { formatDollars } from '@/components/money.ts';
import { companyDay, DEFAULT_TIME_ZONE } from '#shared/time-zones.ts';
import type { PartnerFigures } from '#shared/api/partner-data.ts';

/** The calendar the vendor's figures are counted on (the company's reporting time zone). */
export const REPORTING_ZONE_LABEL = DEFAULT_TIME_ZONE;

/** "2026-03-07" → "03/07". */
export const shortDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}`;
/** "2026-03-07" → "03/07/2026". */
export const fullDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/** "67 %": a share of the posted leads, rounded to whole percent; none of none is "0 %". */
export const share = (part: number, whole: number) => `${whole > 0 ? Math.round((part / whole) * 100) : 0} %`;

/** The last `days` reporting days, today included: from and to (YYYY-MM-DD). */
export function lastDays(days: number, now: Date = new Date()): { from: string; to: string } {
  const to = companyDay(now);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

/** The Home's headline: "Last 30 days: 1,204 leads posted, 812 sold (67 %), 14 returned, revenue $24,360.00." */
export function headline(t: PartnerFigures, days: number): string {
  const period = `Last ${days} days`;
  if (t.Posted === 0) return `${period}: no leads posted.`;
  return `${period}: ${plural(t.Posted, 'lead', 'leads')} posted, ${count(t.Sold)} sold (${share(t.Sold, t.Posted)}), ${count(t.Returned)} returned, revenue ${formatDollars(t.Revenue)}.`;
}

/** The outcomes chart's caption: what became of the leads, each outcome with its share. */
export function outcomesCaption(t: PartnerFigures, days: number): string {
  if (t.Posted === 0) return `No leads posted in the last ${days} days.`;
  const parts = [
    `${count(t.Sold)} sold (${share(t.Sold, t.Posted)})`,
    `${count(t.Unsold)} unsold (${share(t.Unsold, t.Posted)})`,
    `${count(t.CallCenter)} sent to the call center (${share(t.CallCenter, t.Posted)})`,
    `${count(t.Duplicate)} duplicate (${share(t.Duplicate, t.Posted)})`,
    `${count(t.Rejected)} rejected (${share(t.Rejected, t.Posted)}${t.RejectedDoNotCall > 0 ? `, ${count(t.RejectedDoNotCall)} of them rejected: do not call` : ''})`,
  ];
  return `Of ${plural(t.Posted, 'lead', 'leads')} posted in the last ${days} days, ${parts.join(', ')}; ${count(t.Returned)} of the sold leads were returned.`;
}

/** The revenue chart's caption: earned at the vendor price, taken back by returns, and the best day. */
export function revenueCaption(t: PartnerFigures, days: readonly (PartnerFigures & { Day: string })[]): string {
  if (t.Sold === 0 && t.Returned === 0) return `No leads sold in the last ${days.length} days, so no revenue.`;
  const best = days.reduce((top, d) => (d.Revenue > top.Revenue ? d : top), days[0]!);
  return `Revenue ${formatDollars(t.Revenue)} in the last ${days.length} days: ${formatDollars(t.SoldRevenue)} for ${plural(t.Sold, 'lead', 'leads')} sold at your vendor price, less ${formatDollars(t.ReturnedRevenue)} for ${plural(t.Returned, 'lead', 'leads')} returned; the best day was ${fullDay(best.Day)} with ${formatDollars(best.Revenue)}.`;
}
