// Shown for a path that is in no route of the table.
import { Container, Stack, Text, Title } from '@mantine/core';
import { AnchorLink } from './anchor-link.tsx';
import { useDocumentTitle } from './use-document-title.ts';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <Container size="sm" py="xl">
      <Stack gap="xs">
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text>There is no page at this address.</Text>
        <AnchorLink to="/">Go to the home page</AnchorLink>
      </Stack>
    </Container>
  );
}
