// My Leads (/leads, part 3 §2): the signed-in agent's leads. Campaign and vendor columns and filters show
// in fund preview only. Opening it sees the new leads the drawer counts.
import { Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useMe } from '@/api/get-me.ts';
import { seeLeads, seesOwnLeads } from '@/api/notifications.ts';
import type { SetSearch } from '@/components/server-table.ts';
import type { LeadsSearch } from './leads-search.ts';
import { MyLeadsView } from './my-leads-view.tsx';

export function MyLeadsPage({ search, setSearch }: { search: LeadsSearch; setSearch: SetSearch<LeadsSearch> }) {
  const me = useMe();
  const { AgentId, Account, IsFundPreview } = me;
  const queryClient = useQueryClient();
  const sees = seesOwnLeads(me);
  // The agent is looking at their leads: the drawer's count of new ones goes (live notifications).
  useEffect(() => {
    if (sees) void seeLeads(queryClient);
  }, [sees, queryClient]);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        My Leads
      </Title>
      {AgentId ? (
        <MyLeadsView agentId={AgentId} timeZone={Account?.TimeZone} adminRoute={false} showSource={IsFundPreview} search={search} setSearch={setSearch} />
      ) : (
        <Title order={4} c="dimmed">
          No agent account is linked to this user.
        </Title>
      )}
    </Stack>
  );
}
