// The home page for now: the product name and the API's health answer, fetched through the same
// client and proxy every screen uses. The agent and admin home cards of spec part 1 §2.3 come later.
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { config } from '@/config.ts';
import { useHealth } from './api/get-health.ts';

export function HomePage() {
  const { data: health } = useHealth();
  return (
    <Stack gap="sm">
      <Title order={1}>{config.productName}</Title>
      <Group gap="xs">
        <Text>API health:</Text>
        <Badge color={health.Status === 'ok' ? 'green' : 'red'} variant="light" data-testid="api-health">
          {health.Status}
        </Badge>
      </Group>
    </Stack>
  );
}
