// POST /api/transactionhistory/export/start/{startDate}/end/{endDate}/: starts the CSV of every ledger
// entry of the range as a job (202 with the export's id, polled at GET exports/{exportId}).
import { requestLedgerReportExport } from '#core/reports/ledger-reports.ts';
import { accepted, route } from '#platform/http.ts';

export const exportTransactionHistory = route('reports.transactionHistoryExport', {
  handle: async ({ params, user }) => accepted(await requestLedgerReportExport('transactionHistory', { startDate: params.startDate, endDate: params.endDate }, user.userId)),
});
