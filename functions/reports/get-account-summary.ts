// GET /api/accountsummary/start/{startDate}/end/{endDate}: one page of agents with their starting and
// ending balances and the net of each ledger type over the range, from the day sums (never the
// ledger entries). POST .../export starts the CSV of every agent as a job instead (202, an export id).
import { accountSummaryPage, requestLedgerReportExport } from '#core/reports/ledger-reports.ts';
import { accepted, ok, route } from '#platform/http.ts';

export const getAccountSummary = route('reports.accountSummary', {
  handle: async ({ params, query }) => ok(await accountSummaryPage({ startDate: params.startDate, endDate: params.endDate }, query)),
});

export const exportAccountSummary = route('reports.accountSummaryExport', {
  handle: async ({ params, user }) => accepted(await requestLedgerReportExport('accountSummary', { startDate: params.startDate, endDate: params.endDate }, user.userId)),
});
