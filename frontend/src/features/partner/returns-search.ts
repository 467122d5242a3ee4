// The partner Returns page's URL search params (issue 24): the range of days the disputes were
// submitted in (the last 90 days unless chosen), the status, the page and the open lead; and the
// request they make.
import { z } from 'zod';
import { PARTNER_PAGE_SIZE, PARTNER_RETURN_STATUSES, type PartnerReturnsQuery } from '#shared/api/partner-data.ts';
import { lastDays } from './home-text.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const returnsSearchSchema = z.object({
  from: day.optional(),
  to: day.optional(),
  status: z.enum(PARTNER_RETURN_STATUSES).optional(),
  page: z.number().int().min(1).max(1_000_000).default(1),
  /** The lead whose drawer is open (its id). */
  lead: z.string().max(64).optional(),
});
export type ReturnsSearch = z.output<typeof returnsSearchSchema>;

/** The days shown when the URL names none: disputes come within days of a sale, decisions later. */
export const DEFAULT_RETURN_DAYS = 90;

export function returnsRangeOf(search: Pick<ReturnsSearch, 'from' | 'to'>, now?: Date): { from: string; to: string } {
  const fallback = lastDays(DEFAULT_RETURN_DAYS, now);
  return { from: search.from ?? fallback.from, to: search.to ?? fallback.to };
}

export function returnsRequest(search: ReturnsSearch, now?: Date): PartnerReturnsQuery {
  return { ...returnsRangeOf(search, now), ...(search.status ? { status: search.status } : {}), page: search.page, pageSize: PARTNER_PAGE_SIZE };
}
