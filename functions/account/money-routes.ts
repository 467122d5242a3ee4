// Account-area route handlers for the money part of the agent's account (see routes.ts): transfers,
// the transfer agent search, the transaction history and its export, and Home's account summary.
import type { AreaRoutes } from '#platform/http.ts';
import { createAgentTransfer, createPointAndClickTransfer } from './create-transfer.ts';
import { exportTransactionsCsv } from './export-transactions.ts';
import { getAccountSummary } from './get-account-summary.ts';
import { listAccounts } from './list-accounts.ts';
import { listTransactions } from './list-transactions.ts';

export const moneyRoutes: AreaRoutes = {
  'account.agentTransfer': createAgentTransfer,
  'account.pointAndClickTransfer': createPointAndClickTransfer,
  'account.listAccounts': listAccounts,
  'account.listTransactions': listTransactions,
  'account.exportTransactions': exportTransactionsCsv,
  'account.summary': getAccountSummary,
};
