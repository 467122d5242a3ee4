// Home's welcome card (spec part 1 §2.3). Agents with the account summary also get the status
// toggles and their Last Lead Received; everybody else is only greeted.
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Account } from '@/api/get-me.ts';
import { lastLeadText } from '@/components/last-lead.ts';
import { StatusToggles } from './status-toggles.tsx';

export function WelcomeCard({ name, account }: { name: string; account?: Account }) {
  return (
    <Card withBorder padding="lg" data-testid="welcome-card">
      <Stack gap="md">
        <Title order={1} size="h2">
          Welcome, {name}
        </Title>
        {account && (
          <>
            <StatusToggles account={account} />
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                Last Lead Received
              </Text>
              <Text size="sm" fw={600} data-testid="last-lead-received">
                {lastLeadText(account.LastLeadDateTime, account.TimeZone)}
              </Text>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
