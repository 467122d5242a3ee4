// The ledger reports (part 3 §2, §3, §7): Account Summary and Transaction History with its export.
import { pending } from './define.ts';

export const ledgerReportsApi = {
  'reports.accountSummary': pending('reports.accountSummary'),
  'reports.transactionHistory': pending('reports.transactionHistory'),
  'reports.transactionHistoryExport': pending('reports.transactionHistoryExport'),
} as const;
