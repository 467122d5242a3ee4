// /reports/transactionHistory (transactionHistory): Transaction History. The submitted range, page,
// sort and filters are the URL's search params.
import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { SetSearch } from '@/components/server-table.ts';
import { TransactionHistoryPage } from '@/features/reports/transaction-history-page.tsx';
import { transactionHistorySearchSchema, type TransactionHistorySearch } from '@/features/reports/ledger-report-search.ts';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/reports/transactionHistory')({
  beforeLoad: guardPage('/reports/transactionHistory'),
  validateSearch: transactionHistorySearchSchema,
  component: TransactionHistoryRoute,
});

function TransactionHistoryRoute() {
  const navigate = Route.useNavigate();
  const setSearch = useCallback<SetSearch<TransactionHistorySearch>>((update) => void navigate({ search: update, replace: true }), [navigate]);
  return <TransactionHistoryPage search={Route.useSearch()} setSearch={setSearch} />;
}
