// /leads (leads): My Leads, the signed-in agent's leads. The page, range, distribution and filters are the
// URL's search params; the rows are loaded before the screen shows.
import { createFileRoute } from '@tanstack/react-router';
import { meQueryOptions } from '@/api/get-me.ts';
import { agentLeadsQueryOptions } from '@/features/leads/api/get-agent-leads.ts';
import { filtersOf, leadsSearchSchema, rangeOfSearch, type LeadsSearch } from '@/features/leads/leads-search.ts';
import { MyLeadsPage } from '@/features/leads/my-leads-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';
import { useReplaceSearch } from '@/routing/use-replace-search.ts';

export const Route = createFileRoute('/_app/leads/')({
  beforeLoad: guardPage('/leads'),
  validateSearch: leadsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    const { AgentId, Account } = await queryClient.ensureQueryData(meQueryOptions);
    if (!AgentId) return;
    const range = rangeOfSearch(deps, Account?.TimeZone);
    // Part 3 §8: a failed fetch is only logged and the table shows as empty, never an error page.
    await queryClient
      .ensureQueryData(agentLeadsQueryOptions({ agentId: AgentId, ...range, distribution: deps.distribution, filters: filtersOf(deps), page: deps.page }))
      .catch(() => undefined);
  },
  component: MyLeadsRoute,
});

function MyLeadsRoute() {
  const navigate = Route.useNavigate();
  const setSearch = useReplaceSearch<LeadsSearch>(navigate);
  return <MyLeadsPage search={Route.useSearch()} setSearch={setSearch} />;
}
