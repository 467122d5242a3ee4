// The partner Leads page's URL search params (issue 24): the date range (the last 30 days unless
// chosen), campaign, outcome, page and the open lead, so a reload, a shared link or the back button
// shows the same rows; and the request they make. The range is checked with the server's own schema
// (shared/api/partner-data.ts), so the page shows exactly the server's message.
import { z } from 'zod';
import { PARTNER_OUTCOMES, PARTNER_PAGE_SIZE, partnerSummaryQuery, type PartnerLeadsQuery } from '#shared/api/partner-data.ts';
import { lastDays } from './home-text.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** `.optional()`/`.default()` rather than `.catch()`: links may leave every one out. */
export const leadsSearchSchema = z.object({
  from: day.optional(),
  to: day.optional(),
  campaign: z.string().max(64).default(''),
  outcome: z.enum(PARTNER_OUTCOMES).optional(),
  page: z.number().int().min(1).max(1_000_000).default(1),
  /** The lead whose drawer is open (its id). */
  lead: z.string().max(64).optional(),
});
export type LeadsSearch = z.output<typeof leadsSearchSchema>;

/** The days shown when the URL names none. */
export const DEFAULT_DAYS = 30;

/** The range of the search: the URL's days, else the last 30 days. */
export function rangeOf(search: Pick<LeadsSearch, 'from' | 'to'>, now?: Date): { from: string; to: string } {
  const fallback = lastDays(DEFAULT_DAYS, now);
  return { from: search.from ?? fallback.from, to: search.to ?? fallback.to };
}

/** What is wrong with a range, in the server's words (none: it may be asked). */
export function rangeProblem(range: { from: string; to: string }): string | undefined {
  const parsed = partnerSummaryQuery.safeParse(range);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** The query of the page's request. */
export function leadsRequest(search: LeadsSearch, now?: Date): PartnerLeadsQuery {
  return {
    ...rangeOf(search, now),
    ...(search.campaign ? { campaignId: search.campaign } : {}),
    ...(search.outcome ? { outcome: search.outcome } : {}),
    page: search.page,
    pageSize: PARTNER_PAGE_SIZE,
  };
}
