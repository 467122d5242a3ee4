// The home page for now: the welcome card every user gets (spec part 1 §2.3). The agent's account
// cards (summary, lead intake, calls, phones, training) come with the home issue; until then the page
// says so instead of showing made-up figures.
import { Card, Stack, Text, Title } from '@mantine/core';
import { useMe } from '@/api/get-me.ts';

export function HomePage() {
  const user = useMe();
  const getsAccountCards = !user.IsAdmin && user.Permissions.includes('CAN_VIEW_ACCOUNT_SUMMARY');
  return (
    <Stack gap="md">
      <Card withBorder padding="lg" data-testid="welcome-card">
        <Title order={1} size="h2">
          Welcome, {user.Name}
        </Title>
      </Card>
      {getsAccountCards && <Text c="dimmed">The account cards are not available yet.</Text>}
    </Stack>
  );
}
