// How the funds screens word a fund (spec part 3 §2 Funds Summary, §3 Fund, §9): channel, line of
// business and category names, EXPIRED once the end date has passed, '-' for a year-1 date, and the
// calendar days fund dates stand for (stored at midnight UTC, so they are read in UTC).
import type { FundDto } from '#shared/api/funds.ts';
import { lineOfBusinessLabel } from '#shared/fund-form.ts';
import { companyDay } from '#shared/time-zones.ts';
import { FUND_CHANNELS, FUND_CATEGORIES } from '#shared/funds.ts';

export const channelLabel = (channel: number) => FUND_CHANNELS[channel] ?? String(channel);
export { lineOfBusinessLabel };

export function categoryName(category: number): string {
  if (category === FUND_CATEGORIES.ThirdPartyShared) return 'Third Party (Shared)';
  if (category === FUND_CATEGORIES.ThirdPartyExclusive) return 'Third Party (Exclusive)';
  return 'LeadConnect';
}

/** A fund is EXPIRED once its end day has passed in the company's zone (Central), as the lead engine counts it: it still takes leads on its end day. */
export const isExpired = (fund: Pick<FundDto, 'EndDate'>, now: Date = new Date()) => fund.EndDate.slice(0, 10) < companyDay(now);

/** The calendar day of a fund date, M/D/YYYY. */
export function fundDay(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '-';
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
}

/** A modified date; year 1 (the old system's empty date) shows '-'. */
export function modifiedText(iso: string, format: (iso: string) => string): string {
  const d = new Date(iso);
  if (!iso || Number.isNaN(d.getTime()) || d.getUTCFullYear() <= 1) return '-';
  return format(iso);
}

/** The summary's rows: only active funds while the box is ticked, in the server's name order. */
export const summaryRows = <F extends Pick<FundDto, 'IsActive'>>(funds: readonly F[], activeOnly: boolean): F[] =>
  activeOnly ? funds.filter((f) => f.IsActive) : [...funds];

/** '{n} fund(s) displayed'. */
export const displayedText = (n: number) => `${n} fund(s) displayed`;

export { parsePickerDay } from '@/components/date-time.ts';

/** Adds agents the search found to the listed ones, each agent once. */
export function addAgents<A extends { AgentId: string }>(listed: readonly A[], found: readonly A[]): A[] {
  const ids = new Set(listed.map((a) => a.AgentId));
  return [...listed, ...found.filter((a) => !ids.has(a.AgentId) && ids.add(a.AgentId))];
}
