// A Home card of labelled figures (Account Summary, Lead Intake, Calls Today): skeletons while its
// call runs, the card's own error text when it failed, otherwise one row per figure.
import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Figure {
  label: ReactNode;
  /** Names the row for tests and assistive tech when the label is not plain text. */
  name: string;
  value: ReactNode;
}

interface FigureCardProps {
  title: string;
  state: 'pending' | 'error' | 'ready';
  errorText: string;
  figures: Figure[];
}

export function FigureCard({ title, state, errorText, figures }: FigureCardProps) {
  return (
    <Card withBorder padding="lg" h="100%" role="region" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {state === 'pending' && (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading">
          {figures.map((figure) => (
            <Skeleton key={figure.name} height={18} />
          ))}
        </Stack>
      )}
      {state === 'error' && (
        <Text c="red.9" size="sm" role="alert">
          {errorText}
        </Text>
      )}
      {state === 'ready' && (
        <Stack gap={6}>
          {figures.map((figure) => (
            <Group key={figure.name} justify="space-between" wrap="nowrap" data-figure={figure.name}>
              <Text size="sm" c="dimmed" component="div">
                {figure.label}
              </Text>
              <Text size="sm" fw={700} data-value>
                {figure.value}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
