// /myteam (team): My Team, the signed-in agent's downline, paged by the server.
import { createFileRoute } from '@tanstack/react-router';
import { TeamPage } from '@/features/team/team-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/myteam')({
  beforeLoad: guardPage('/myteam'),
  component: TeamPage,
});
