// The admin view of an agent's leads (/leads/{agentID}/{firstName}/{lastName}, part 3 §2, §6): the agent
// header with its tabs and the same leads view. Admin view means an agentID in the route and a user who
// is not support: support see the agent's leads without the campaign and vendor columns (unless in
// fund preview). Both export through adminLeadExport. "Today" is the viewed agent's.
import { Skeleton, Stack } from '@mantine/core';
import { useMe } from '@/api/get-me.ts';
import { AdminAgentHeader, type AdminAgent } from '@/components/admin-agent-header.tsx';
import type { SetSearch } from '@/components/server-table.ts';
import { useAgentTimeZone } from './api/get-agent-time-zone.ts';
import type { LeadsSearch } from './leads-search.ts';
import { MyLeadsView } from './my-leads-view.tsx';

export interface AdminLeadsPageProps {
  agent: AdminAgent;
  search: LeadsSearch;
  setSearch: SetSearch<LeadsSearch>;
}

export function AdminLeadsPage({ agent, search, setSearch }: AdminLeadsPageProps) {
  const { Roles, IsFundPreview } = useMe();
  const timeZone = useAgentTimeZone(agent.agentID);
  const adminView = !Roles.includes('support');
  return (
    <Stack gap="md">
      <AdminAgentHeader agent={agent} current="leads" />
      {timeZone.isPending ? (
        <Skeleton height={240} />
      ) : (
        // Keyed by agent, so moving to another agent starts again from the default range.
        <MyLeadsView
          key={agent.agentID}
          agentId={agent.agentID}
          timeZone={timeZone.data?.TimeZone}
          adminRoute
          showSource={adminView || IsFundPreview}
          search={search}
          setSearch={setSearch}
        />
      )}
    </Stack>
  );
}
