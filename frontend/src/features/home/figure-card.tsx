// A Home card of labelled figures (Account Summary, Lead Intake, Calls Today): skeletons while its
// call runs, the card's own error text when it failed, otherwise one row per figure, with a gauge of
// what is used of it when the figure is a maximum (Lead Intake: "used/max as a rounded percentage for
// each cap above zero").
import { Card, Group, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Figure {
  label: ReactNode;
  /** Names the row for tests and assistive tech when the label is not plain text. */
  name: string;
  value: ReactNode;
  /** What is used of the figure's maximum; shown as a gauge only when the maximum is above zero. */
  gauge?: { used: number; max: number };
}

/** The rounded percentage of a maximum that is used (never above 100, the caps hold). */
export const usedPercent = (used: number, max: number) => (max > 0 ? Math.min(100, Math.round((used / max) * 100)) : 0);

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
            <Stack key={figure.name} gap={2} data-figure={figure.name}>
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" c="dimmed" component="div">
                  {figure.label}
                </Text>
                <Text size="sm" fw={700} data-value>
                  {figure.value}
                </Text>
              </Group>
              {figure.gauge && figure.gauge.max > 0 && <Gauge name={figure.name} {...figure.gauge} />}
            </Stack>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function Gauge({ name, used, max }: { name: string; used: number; max: number }) {
  const percent = usedPercent(used, max);
  return (
    <Group gap="xs" wrap="nowrap" data-gauge>
      <Progress value={percent} size="sm" style={{ flex: 1 }} aria-label={`${name}: ${used} of ${max} used`} />
      <Text size="xs" c="dimmed" data-used>
        {percent}% used
      </Text>
    </Group>
  );
}
