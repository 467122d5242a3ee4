// GET /api/transactions/agent/{agentId}/startDate/{YYYY-MM-DD}/endDate/{YYYY-MM-DD}: My Account's
// transaction table for a date range in the account's time zone, 25 rows a page.
import { transactionsPage } from '#core/money/transactions-view.ts';
import { ok, route } from '#platform/http.ts';
import { toTransactionsPage } from './transaction-shapes.ts';

export const listTransactions = route('account.listTransactions', {
  handle: async ({ params, query }) => ok(toTransactionsPage(await transactionsPage(params, query))),
});
