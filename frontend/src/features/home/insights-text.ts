// The Home charts' words: day labels and the captions that say in a sentence what each chart shows
// (the charts' text alternative, with the figures in a visually hidden table beside them).
import { formatDollars } from '@/components/money.ts';

/** "2026-03-07" → "03/07". */
export const shortDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}`;
/** "2026-03-07" → "03/07/2026" (part 1 §9: MM/DD/YYYY). */
export const fullDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export interface SpendDay {
  Day: string;
  Leads: number;
  Spend: number;
}

/** The agent chart's caption: totals, the busiest day, and the zone the days are counted in. */
export function agentCaption(days: readonly SpendDay[], totals: { leads: number; spend: number }, timeZone: string): string {
  if (days.length === 0) return 'No days to show.';
  const range = `${fullDay(days[0]!.Day)} to ${fullDay(days.at(-1)!.Day)}`;
  if (totals.leads === 0 && totals.spend === 0) return `No leads bought from ${range} (days in ${timeZone}).`;
  const busiest = days.reduce((best, d) => (d.Spend > best.Spend ? d : best), days[0]!);
  return `${plural(totals.leads, 'lead', 'leads')} bought for ${formatDollars(totals.spend)} from ${range} (days in ${timeZone}); the most spent in a day was ${formatDollars(busiest.Spend)} on ${fullDay(busiest.Day)}.`;
}

export interface MarketTotals {
  LeadsReceived: number;
  LeadsSold: number;
  FillRate: number | null;
  Sales: number;
  Revenue: number;
  VendorCost: number;
  Margin: number;
}

export const percent = (rate: number | null) => (rate === null ? '–' : `${(Math.round(rate * 1000) / 10).toLocaleString('en-US')}%`);

export function moneyCaption(t: MarketTotals, days: number): string {
  if (t.Sales === 0) return `No lead sales in the last ${days} days.`;
  return `${plural(t.Sales, 'sale', 'sales')} brought ${formatDollars(t.Revenue)} of revenue in the last ${days} days; the vendors' price of the leads sold was ${formatDollars(t.VendorCost)}, a margin of ${formatDollars(t.Margin)}.`;
}

export function leadsCaption(t: MarketTotals, days: number): string {
  if (t.LeadsReceived === 0) return `No leads received in the last ${days} days.`;
  return `${plural(t.LeadsSold, 'lead', 'leads')} sold of ${plural(t.LeadsReceived, 'lead', 'leads')} received in the last ${days} days: a fill rate of ${percent(t.FillRate)}.`;
}
