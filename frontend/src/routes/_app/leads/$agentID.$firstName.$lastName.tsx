// /leads/{agentID}/{firstName}/{lastName} (adminLeads): an agent's leads as admin or support see them.
// Route values are word characters and hyphens only; page, range, distribution and filters are the URL's
// search params; the agent's time zone and the rows are loaded before the screen shows.
import { createFileRoute } from '@tanstack/react-router';
import { AdminLeadsPage } from '@/features/leads/admin-leads-page.tsx';
import { agentLeadsQueryOptions } from '@/features/leads/api/get-agent-leads.ts';
import { agentTimeZoneQueryOptions } from '@/features/leads/api/get-agent-time-zone.ts';
import { filtersOf, leadsSearchSchema, rangeOfSearch, type LeadsSearch } from '@/features/leads/leads-search.ts';
import { guardPage } from '@/routing/guard-page.ts';
import { parseRouteValues } from '@/routing/route-values.ts';
import { useReplaceSearch } from '@/routing/use-replace-search.ts';

export const Route = createFileRoute('/_app/leads/$agentID/$firstName/$lastName')({
  beforeLoad: guardPage('/leads/$agentID/$firstName/$lastName'),
  params: { parse: parseRouteValues, stringify: (params) => params },
  validateSearch: leadsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, params, deps }) => {
    // A failed look-up leaves the server's default zone (Central); a failed page shows as empty (part 3 §8).
    const zone = await queryClient.ensureQueryData(agentTimeZoneQueryOptions(params.agentID)).catch(() => undefined);
    const range = rangeOfSearch(deps, zone?.TimeZone);
    await queryClient
      .ensureQueryData(agentLeadsQueryOptions({ agentId: params.agentID, ...range, distribution: deps.distribution, filters: filtersOf(deps), page: deps.page }))
      .catch(() => undefined);
  },
  component: AdminLeadsRoute,
});

function AdminLeadsRoute() {
  const navigate = Route.useNavigate();
  const setSearch = useReplaceSearch<LeadsSearch>(navigate);
  return <AdminLeadsPage agent={Route.useParams()} search={Route.useSearch()} setSearch={setSearch} />;
}
