// Settings' Time Zone note (spec part 1 §2.6): the account's time zone is controlled in the external
// agent portal, so this card only says which it is and links there.
import { Button, Card, Group, Text, Title } from '@mantine/core';
import { useConfigs } from '@/api/get-configs.ts';

export function TimeZoneCard({ timeZone }: { timeZone: string | null }) {
  const { AgentPortalUrl } = useConfigs();
  return (
    <Card withBorder padding="lg" role="region" aria-label="Time Zone">
      <Title order={2} size="h4" mb="xs">
        Time Zone
      </Title>
      <Text size="sm">
        {timeZone && (
          <>
            Your time zone is <strong>{timeZone}</strong>.{' '}
          </>
        )}
        The time zone is controlled in the agent portal; to change it, go there.
      </Text>
      <Group mt="md">
        <Button component="a" href={AgentPortalUrl} target="_blank" rel="noopener noreferrer" variant="light">
          Go to Agent Portal
        </Button>
      </Group>
    </Card>
  );
}
