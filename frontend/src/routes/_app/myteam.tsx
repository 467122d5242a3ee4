// /myteam (team): My Team, the signed-in agent's downline, paged by the server. Page, sort and
// filters are the URL's search params.
import { createFileRoute } from '@tanstack/react-router';
import { TeamPage } from '@/features/team/team-page.tsx';
import { teamSearchSchema, type TeamSearch } from '@/features/team/team-search.ts';
import { guardPage } from '@/routing/guard-page.ts';
import { useReplaceSearch } from '@/routing/use-replace-search.ts';

export const Route = createFileRoute('/_app/myteam')({
  beforeLoad: guardPage('/myteam'),
  validateSearch: teamSearchSchema,
  component: TeamRoute,
});

function TeamRoute() {
  const navigate = Route.useNavigate();
  const setSearch = useReplaceSearch<TeamSearch>(navigate);
  return <TeamPage search={Route.useSearch()} setSearch={setSearch} />;
}
