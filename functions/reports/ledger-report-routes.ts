// Reports-area route handlers for Account Summary and Transaction History (see routes.ts).
import type { AreaRoutes } from '#platform/http.ts';
import { exportTransactionHistory } from './export-transaction-history.ts';
import { exportAccountSummary, getAccountSummary } from './get-account-summary.ts';
import { getTransactionHistory } from './get-transaction-history.ts';

export const ledgerReportRoutes: AreaRoutes = {
  'reports.accountSummary': getAccountSummary,
  'reports.accountSummaryExport': exportAccountSummary,
  'reports.transactionHistory': getTransactionHistory,
  'reports.transactionHistoryExport': exportTransactionHistory,
};
