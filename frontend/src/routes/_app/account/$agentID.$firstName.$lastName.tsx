// /account/{agentID}/{firstName}/{lastName} (adminAccount): an agent's account as admin, manager or
// support see it. Route values are word characters and hyphens only (spec part 1 §2.1). Page and range
// are the URL's search params; the agent's time zone and the rows are loaded before the screen shows.
import { createFileRoute } from '@tanstack/react-router';
import { AdminAccountPage } from '@/features/account/admin-account-page.tsx';
import { agentTimeZoneQueryOptions } from '@/features/account/api/get-agent-time-zone.ts';
import { transactionsQueryOptions } from '@/features/account/api/get-transactions.ts';
import { rangeOfSearch, transactionsSearchSchema, type TransactionsSearch } from '@/features/account/transaction-range.ts';
import { guardPage } from '@/routing/guard-page.ts';
import { parseRouteValues } from '@/routing/route-values.ts';
import { useReplaceSearch } from '@/routing/use-replace-search.ts';

export const Route = createFileRoute('/_app/account/$agentID/$firstName/$lastName')({
  beforeLoad: guardPage('/account/$agentID/$firstName/$lastName'),
  params: {
    // A value outside the rule is the not-found page, not the error screen.
    parse: parseRouteValues,
    stringify: (params) => params,
  },
  validateSearch: transactionsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, params, deps }) => {
    // A failed look-up leaves the server's own default (Central), and a failed page shows as an empty
    // table (spec part 1 §7, §8), so neither turns the page into an error.
    const zone = await queryClient.ensureQueryData(agentTimeZoneQueryOptions(params.agentID)).catch(() => undefined);
    const range = rangeOfSearch(deps, zone?.TimeZone);
    await queryClient.ensureQueryData(transactionsQueryOptions({ agentId: params.agentID, ...range, page: deps.page })).catch(() => undefined);
  },
  component: AdminAccountRoute,
});

function AdminAccountRoute() {
  const navigate = Route.useNavigate();
  const setSearch = useReplaceSearch<TransactionsSearch>(navigate);
  return <AdminAccountPage agent={Route.useParams()} search={Route.useSearch()} setSearch={setSearch} />;
}
