// GET /api/transactions/agent/{agentId}/startDate/{YYYY-MM-DD}/endDate/{YYYY-MM-DD}: My Account's
// transaction table for a date range in the account's time zone, 25 rows a page.
import { z } from 'zod';
import { transactionsPage } from '#core/transactions-view.ts';
import { ok, route } from '#platform/http.ts';
import { toTransactionsPage } from './transaction-shapes.ts';

export const INVALID_START_DATE = 'Start date must be a date written YYYY-MM-DD.';
export const INVALID_END_DATE = 'End date must be a date written YYYY-MM-DD.';
export const END_BEFORE_START = 'End date cannot be before start date.';

/** A real calendar day written YYYY-MM-DD (2026-02-30 is refused). */
const calendarDay = (message: string) =>
  z.string().refine((text) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
    const day = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
  }, message);

/** The path of both the table and its CSV export. YYYY-MM-DD compares correctly as text. */
export const transactionRangeParams = z
  .object({ agentId: z.string(), startDate: calendarDay(INVALID_START_DATE), endDate: calendarDay(INVALID_END_DATE) })
  .refine((p) => p.endDate >= p.startDate, { message: END_BEFORE_START });

export const listTransactions = route({
  params: transactionRangeParams,
  query: z.object({
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    cursor: z.string().max(2_000).optional(),
  }),
  handle: async ({ params, query }) => ok(toTransactionsPage(await transactionsPage(params, query))),
});
