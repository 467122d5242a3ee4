// /account (account): My Account, the signed-in agent's transactions and money actions. The page and
// range are the URL's search params; the rows are loaded before the screen shows.
import { createFileRoute } from '@tanstack/react-router';
import { meQueryOptions } from '@/api/get-me.ts';
import { AccountPage } from '@/features/account/account-page.tsx';
import { transactionsQueryOptions } from '@/features/account/api/get-transactions.ts';
import { rangeOfSearch, transactionsSearchSchema, type TransactionsSearch } from '@/features/account/transaction-range.ts';
import { guardPage } from '@/routing/guard-page.ts';
import { useReplaceSearch } from '@/routing/use-replace-search.ts';

export const Route = createFileRoute('/_app/account/')({
  beforeLoad: guardPage('/account'),
  validateSearch: transactionsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    const { AgentId, Account } = await queryClient.ensureQueryData(meQueryOptions);
    if (!AgentId) return;
    const range = rangeOfSearch(deps, Account?.TimeZone);
    // Spec part 1 §7, §8: a failed call is only logged and the table shows it as empty, so a failure
    // here must not turn the page into an error.
    await queryClient.ensureQueryData(transactionsQueryOptions({ agentId: AgentId, ...range, page: deps.page })).catch(() => undefined);
  },
  component: AccountRoute,
});

function AccountRoute() {
  const navigate = Route.useNavigate();
  const setSearch = useReplaceSearch<TransactionsSearch>(navigate);
  return <AccountPage search={Route.useSearch()} setSearch={setSearch} />;
}
