// Reports-area route handlers for Account Summary and Transaction History (see routes.ts).
import type { AreaRoutes } from '#platform/http.ts';
import { exportTransactionHistory } from './export-transaction-history.ts';
import { getAccountSummary } from './get-account-summary.ts';
import { getTransactionHistory } from './get-transaction-history.ts';

export const ledgerReportRoutes: AreaRoutes = {
  'reports.accountSummary': getAccountSummary,
  'reports.transactionHistory': getTransactionHistory,
  'reports.transactionHistoryExport': exportTransactionHistory,
};
