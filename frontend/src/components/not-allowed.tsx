// The page wrapper's refusal (spec part 1 §2.2, §6): 'Not allowed to view this resource.' with the
// permissions (or, for the spec's role-only pages, the roles) the user is missing, or, on a page that
// works on the user's own agent account, that none is linked to them (the words of the own-account pages).
import { Alert, List, Text } from '@mantine/core';
import type { PageRefusal } from '@/routing/page-access.ts';

export function NotAllowed({ refusal }: { refusal: PageRefusal }) {
  return (
    <Alert color="red" variant="light" title="Not allowed to view this resource." data-testid="not-allowed">
      {refusal.of === 'agentAccount' ? (
        <Text size="sm">No agent account is linked to this user.</Text>
      ) : (
        <>
          <Text size="sm">{refusal.of === 'permissions' ? 'Missing permissions (any one of them opens this page):' : 'Open only to these roles:'}</Text>
          <List size="sm" mt={4} data-testid="missing-access">
            {refusal.missing.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        </>
      )}
    </Alert>
  );
}
