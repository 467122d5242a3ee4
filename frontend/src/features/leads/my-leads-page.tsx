// My Leads (/leads, part 3 §2): the signed-in agent's leads. Campaign and vendor columns and filters show
// in fund preview only.
import { Stack, Title } from '@mantine/core';
import { useMe } from '@/api/get-me.ts';
import type { SetSearch } from '@/components/server-table.ts';
import type { LeadsSearch } from './leads-search.ts';
import { MyLeadsView } from './my-leads-view.tsx';

export function MyLeadsPage({ search, setSearch }: { search: LeadsSearch; setSearch: SetSearch<LeadsSearch> }) {
  const { AgentId, Account, IsFundPreview } = useMe();
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
