// /reports/transactionHistory (transactionHistory): Transaction History. The submitted range, page,
// sort and filters are the URL's search params.
import { createFileRoute } from '@tanstack/react-router';
import { TransactionHistoryPage } from '@/features/reports/transaction-history-page.tsx';
import { transactionHistorySearchSchema, type TransactionHistorySearch } from '@/features/reports/ledger-report-search.ts';
import { guardPage } from '@/routing/guard-page.ts';
import { useReplaceSearch } from '@/routing/use-replace-search.ts';

export const Route = createFileRoute('/_app/reports/transactionHistory')({
  beforeLoad: guardPage('/reports/transactionHistory'),
  validateSearch: transactionHistorySearchSchema,
  component: TransactionHistoryRoute,
});

function TransactionHistoryRoute() {
  const navigate = Route.useNavigate();
  const setSearch = useReplaceSearch<TransactionHistorySearch>(navigate);
  return <TransactionHistoryPage search={Route.useSearch()} setSearch={setSearch} />;
}
