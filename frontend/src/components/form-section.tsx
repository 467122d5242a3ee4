// A titled card of a long form: a region named by its level-two heading, so screen readers can jump
// between sections and tests can find one by name.
import { Card, Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card withBorder component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
