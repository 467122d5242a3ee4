// /myteam (team): My Team, the signed-in agent's downline, paged by the server. Page, sort and
// filters are the URL's search params.
import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { SetSearch } from '@/components/server-table.ts';
import { TeamPage } from '@/features/team/team-page.tsx';
import { teamSearchSchema, type TeamSearch } from '@/features/team/team-search.ts';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/myteam')({
  beforeLoad: guardPage('/myteam'),
  validateSearch: teamSearchSchema,
  component: TeamRoute,
});

function TeamRoute() {
  const navigate = Route.useNavigate();
  const setSearch = useCallback<SetSearch<TeamSearch>>((update) => void navigate({ search: update, replace: true }), [navigate]);
  return <TeamPage search={Route.useSearch()} setSearch={setSearch} />;
}
