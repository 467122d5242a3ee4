// GET /api/transactionhistory/start/{startDate}/end/{endDate}: every agent's ledger entries over at
// most 31 days. Days written MM-DD-YYYY ask for the paged form (page, pageSize, sortColumnName,
// sortOrder, filterObject: Histories, Pages, TotalHistoryCount); YYYY-MM-DD for the first form (Result).
import { transactionHistoryList, transactionHistoryPage } from '#core/reports/ledger-reports.ts';
import { ok, route } from '#platform/http.ts';
import { isPagedFormDay } from '#shared/api/reports-ledger.ts';

export const getTransactionHistory = route('reports.transactionHistory', {
  handle: async ({ params, query, event }) => {
    const range = { startDate: params.startDate, endDate: params.endDate };
    const paged = isPagedFormDay(decodeURIComponent(event.pathParameters?.startDate ?? ''));
    return ok(paged ? await transactionHistoryPage(range, query) : await transactionHistoryList(range));
  },
});
