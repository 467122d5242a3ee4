// Who is signed in, for the top bar (spec part 1 §2.2): agents see name and agent id, e-mail, Balance,
// Time Zone and Zip Code; admins name, e-mail and the word Admin with no balance; other staff name
// and e-mail. In mobile mode the same details sit stacked at the top of the drawer.
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMe } from '@/api/get-me.ts';
import { headerDetails } from './account-state.ts';

function Figure({ label, children, stacked }: { label: string; children: ReactNode; stacked: boolean }) {
  return (
    <Group gap={6} wrap="nowrap" justify={stacked ? 'space-between' : undefined}>
      <Text size="xs">
        {label}
      </Text>
      <Text size="sm" fw={700}>
        {children}
      </Text>
    </Group>
  );
}

export function UserDetails({ stacked = false }: { stacked?: boolean }) {
  const details = headerDetails(useMe());
  const Layout = stacked ? Stack : Group;
  return (
    <Layout gap={stacked ? 4 : 'lg'} wrap="nowrap" data-testid="header-user" data-kind={details.kind}>
      <Stack gap={0}>
        <Text size="sm" fw={700} lh={1.3}>
          {details.name}
          {details.kind === 'agent' && ` (${details.agentId})`}
        </Text>
        <Text size="xs" lh={1.3}>
          {details.email}
        </Text>
      </Stack>
      {details.kind === 'admin' && (
        <Badge color="white" c="dark" variant="filled" radius="sm">
          Admin
        </Badge>
      )}
      {details.kind === 'agent' && (
        <>
          <Figure label="Balance" stacked={stacked}>
            {details.balance}
          </Figure>
          <Figure label="Time Zone" stacked={stacked}>
            {details.timeZone}
          </Figure>
          <Figure label="Zip Code" stacked={stacked}>
            {details.zip}
          </Figure>
        </>
      )}
    </Layout>
  );
}

/** Under 700 px the top bar keeps only the agent's balance; the other details move into the drawer. */
export function HeaderBalance() {
  const details = headerDetails(useMe());
  if (details.kind !== 'agent') return null;
  return (
    <Text size="sm" fw={700} data-testid="header-balance" aria-label={`Balance ${details.balance}`}>
      {details.balance}
    </Text>
  );
}
