// My Team (spec part 1 §2.4): the agents of the signed-in agent's downline (every agent for staff,
// as the server decides), with their manage links and the CSV export.
import { Stack, Title } from '@mantine/core';
import type { SetSearch } from '@/components/server-table.ts';
import type { TeamSearch } from './team-search.ts';
import { TeamTable } from './team-table.tsx';

export function TeamPage({ search, setSearch }: { search: TeamSearch; setSearch: SetSearch<TeamSearch> }) {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        My Team
      </Title>
      <TeamTable search={search} setSearch={setSearch} />
    </Stack>
  );
}
