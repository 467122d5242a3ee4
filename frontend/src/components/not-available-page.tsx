// What a screen shows until it is built: its title and a plain notice, never placeholder data.
import { Stack, Text, Title } from '@mantine/core';
import { useCurrentUiRoute } from './use-current-ui-route.ts';

export function NotAvailablePage() {
  const page = useCurrentUiRoute();
  return (
    <Stack gap="xs">
      {page && (
        <Title order={1} size="h2">
          {page.title}
        </Title>
      )}
      <Text>This page is not available yet.</Text>
    </Stack>
  );
}
