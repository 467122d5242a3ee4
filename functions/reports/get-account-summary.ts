// GET /api/accountsummary/start/{startDate}/end/{endDate}: one page of agents with their starting and
// ending balances and the net of each ledger type over the range, from the day sums (never the
// ledger entries); `?export=true` starts the CSV of every agent as a job instead (202, an export id).
import { accountSummaryPage, requestLedgerReportExport } from '#core/reports/ledger-reports.ts';
import { accepted, ok, route } from '#platform/http.ts';

export const getAccountSummary = route('reports.accountSummary', {
  handle: async ({ params, query, user }) => {
    const range = { startDate: params.startDate, endDate: params.endDate };
    if (query.export) return accepted(await requestLedgerReportExport('accountSummary', range, user.userId));
    return ok(await accountSummaryPage(range, query));
  },
});
