// /myteam (team): My Team, the signed-in agent's downline, paged by the server. Page, sort and
// filters are the URL's search params; the first page is loaded before the screen shows.
import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { SetSearch } from '@/components/server-table.ts';
import { agentListQueryOptions } from '@/features/team/api/list-agents.ts';
import { teamKeys } from '@/features/team/api/team-keys.ts';
import { TeamPage } from '@/features/team/team-page.tsx';
import { teamQueryOf, teamSearchSchema, type TeamSearch } from '@/features/team/team-query.ts';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/myteam')({
  beforeLoad: guardPage('/myteam'),
  validateSearch: teamSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    // The very first list of a visit asks for 10 rows (spec part 1 §9); the table then asks for 25.
    const first = queryClient.getQueryCache().findAll({ queryKey: teamKeys.lists() }).length === 0;
    await queryClient.ensureQueryData(agentListQueryOptions(teamQueryOf(deps, !first)));
  },
  component: TeamRoute,
});

function TeamRoute() {
  const navigate = Route.useNavigate();
  const setSearch = useCallback<SetSearch<TeamSearch>>((update) => void navigate({ search: update, replace: true }), [navigate]);
  return <TeamPage search={Route.useSearch()} setSearch={setSearch} />;
}
