// A Home card holding a small table (LiveTransfer Phone Info, Training): skeletons while its call
// runs, otherwise the message (an error in red, like the figure cards') or the table the caller gives.
import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface CardMessage {
  text: string;
  error: boolean;
}

export function TableCard({ title, pending, message, children }: { title: string; pending: boolean; message?: CardMessage; children?: ReactNode }) {
  return (
    <Card withBorder padding="lg" role="region" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {pending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading">
          <Skeleton height={18} />
          <Skeleton height={18} />
        </Stack>
      ) : message !== undefined ? (
        <Text size="sm" c={message.error ? 'red.9' : undefined} role={message.error ? 'alert' : undefined}>
          {message.text}
        </Text>
      ) : (
        children
      )}
    </Card>
  );
}
