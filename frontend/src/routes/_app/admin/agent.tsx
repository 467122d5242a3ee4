// /admin/agent (adminAgent): Agents (spec part 3 §2): the CSV upload area for staff holding
// CAN_UPLOAD_AND_VIEW_AGENT_CSV_DATA, and every agent in the server-paged table with its Manage link,
// status, type, and priority and credit line for those holding their permissions. Page, sort and
// filters are the URL's search params.
import { Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useMe } from '@/api/get-me.ts';
import { AgentUploads } from '@/features/agent-uploads/agent-uploads.tsx';
import { TeamTable } from '@/features/team/team-table.tsx';
import { teamSearchSchema, type TeamSearch } from '@/features/team/team-search.ts';
import { guardPage } from '@/routing/guard-page.ts';
import { useReplaceSearch } from '@/routing/use-replace-search.ts';

export const Route = createFileRoute('/_app/admin/agent')({
  beforeLoad: guardPage('/admin/agent'),
  validateSearch: teamSearchSchema,
  component: AgentsRoute,
});

function AgentsRoute() {
  const navigate = Route.useNavigate();
  const { Permissions } = useMe();
  const setSearch = useReplaceSearch<TeamSearch>(navigate);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Agents
      </Title>
      {Permissions.includes('CAN_UPLOAD_AND_VIEW_AGENT_CSV_DATA') && <AgentUploads />}
      <TeamTable search={Route.useSearch()} setSearch={setSearch} variant="agents" />
    </Stack>
  );
}
