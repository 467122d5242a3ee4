// /reports/accountSummary (accountSummary): Account Summary. The submitted range, page, sort and
// filters are the URL's search params.
import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { SetSearch } from '@/components/server-table.ts';
import { AccountSummaryPage } from '@/features/reports/account-summary-page.tsx';
import { accountSummarySearchSchema, type AccountSummarySearch } from '@/features/reports/ledger-report-search.ts';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/reports/accountSummary')({
  beforeLoad: guardPage('/reports/accountSummary'),
  validateSearch: accountSummarySearchSchema,
  component: AccountSummaryRoute,
});

function AccountSummaryRoute() {
  const navigate = Route.useNavigate();
  const setSearch = useCallback<SetSearch<AccountSummarySearch>>((update) => void navigate({ search: update, replace: true }), [navigate]);
  return <AccountSummaryPage search={Route.useSearch()} setSearch={setSearch} />;
}
