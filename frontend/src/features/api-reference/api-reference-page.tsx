// API Reference (issue 24, staff): every call of the API as the server describes it (GET
// /api/openapi.json), grouped by area, with the links to the document itself for tools.
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { ApiReference } from './api-reference.tsx';
import { useApiDocument } from './api/get-api-document.ts';

export function ApiReferencePage() {
  const document = useApiDocument();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        API Reference
      </Title>
      <Text size="sm">
        Every call of the portal&apos;s API, generated from the same contract the server checks each request against. Errors always answer{' '}
        <Text span ff="monospace">
          {'{ "ErrorMessages": [ ... ] }'}
        </Text>
        . The OpenAPI 3.1 document for tools: <Anchor href="/api/openapi.json">/api/openapi.json</Anchor>; the vendor calls only:{' '}
        <Anchor href="/api/intake/openapi.json">/api/intake/openapi.json</Anchor>.
      </Text>
      <ApiReference document={document} curl={{ baseUrl: `${window.location.origin}/api` }} />
    </Stack>
  );
}
