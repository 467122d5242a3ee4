// /account/{agentID}/{firstName}/{lastName} (adminAccount): an agent's account as admin, manager or
// support see it. Route values are word characters and hyphens only (spec part 1 §2.1).
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { useCallback } from 'react';
import { meQueryOptions } from '@/api/get-me.ts';
import type { SetSearch } from '@/components/server-table.ts';
import { AdminAccountPage } from '@/features/account/admin-account-page.tsx';
import { transactionsQueryOptions } from '@/features/account/api/get-transactions.ts';
import { rangeOfSearch, transactionsSearchSchema, type TransactionsSearch } from '@/features/account/transaction-range.ts';
import { guardPage } from '@/routing/guard-page.ts';

const routeValue = z.string().regex(/^[\w-]+$/);

export const Route = createFileRoute('/_app/account/$agentID/$firstName/$lastName')({
  beforeLoad: guardPage('/account/$agentID/$firstName/$lastName'),
  params: {
    parse: (raw) => z.object({ agentID: routeValue, firstName: routeValue, lastName: routeValue }).parse(raw),
    stringify: (params) => params,
  },
  validateSearch: transactionsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, params, deps }) => {
    const { Account } = await queryClient.ensureQueryData(meQueryOptions);
    const range = rangeOfSearch(deps, Account?.TimeZone);
    // As on My Account, a failed call shows as an empty table rather than an error page.
    await queryClient.ensureQueryData(transactionsQueryOptions({ agentId: params.agentID, ...range, page: deps.page })).catch(() => undefined);
  },
  component: AdminAccountRoute,
});

function AdminAccountRoute() {
  const navigate = Route.useNavigate();
  const setSearch = useCallback<SetSearch<TransactionsSearch>>((update) => void navigate({ search: update, replace: true }), [navigate]);
  return <AdminAccountPage agent={Route.useParams()} search={Route.useSearch()} setSearch={setSearch} />;
}
