// The page wrapper's refusal (spec part 1 §2.2, §6): 'Not allowed to view this resource.' with the
// permissions (or, for the spec's role-only pages, the roles) the user is missing.
import { Alert, List, Text } from '@mantine/core';

export function NotAllowed({ of, missing }: { of: 'permissions' | 'roles'; missing: readonly string[] }) {
  return (
    <Alert color="red" variant="light" title="Not allowed to view this resource." data-testid="not-allowed">
      <Text size="sm">{of === 'permissions' ? 'Missing permissions (any one of them opens this page):' : 'Open only to these roles:'}</Text>
      <List size="sm" mt={4} data-testid="missing-access">
        {missing.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
