// /reports/accountSummary (accountSummary): Account Summary. The submitted range, page, sort and
// filters are the URL's search params.
import { createFileRoute } from '@tanstack/react-router';
import { AccountSummaryPage } from '@/features/reports/account-summary-page.tsx';
import { accountSummarySearchSchema, type AccountSummarySearch } from '@/features/reports/ledger-report-search.ts';
import { guardPage } from '@/routing/guard-page.ts';
import { useReplaceSearch } from '@/routing/use-replace-search.ts';

export const Route = createFileRoute('/_app/reports/accountSummary')({
  beforeLoad: guardPage('/reports/accountSummary'),
  validateSearch: accountSummarySearchSchema,
  component: AccountSummaryRoute,
});

function AccountSummaryRoute() {
  const navigate = Route.useNavigate();
  const setSearch = useReplaceSearch<AccountSummarySearch>(navigate);
  return <AccountSummaryPage search={Route.useSearch()} setSearch={setSearch} />;
}
