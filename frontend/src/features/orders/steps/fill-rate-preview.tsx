// The fill-rate preview on Review Order (issue 12 Insights): the server's expected leads per week for
// the chosen funds or lead types, geography and schedule, with what it rests on and how it is worked
// out. Asked a moment after the choices settle; it never blocks Submit, and says so when it cannot
// answer or when no lead matched in the last 4 weeks.
import { Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { FILL_RATE_TEXTS, type FillRateBody } from '#shared/api/fill-rate.ts';
import { fillRateQueryOptions } from '../api/preview-fill-rate.ts';

/** How long the draft must stay unchanged before the estimate is asked. */
export const FILL_RATE_DEBOUNCE_MS = 500;

export function FillRatePreview({ agentId, body }: { agentId: string; body: FillRateBody }) {
  // Keyed by its JSON, so an equal draft rebuilt on each render does not restart the wait.
  const [settled] = useDebouncedValue(JSON.stringify(body), FILL_RATE_DEBOUNCE_MS);
  const estimate = useQuery({ ...fillRateQueryOptions(agentId, JSON.parse(settled) as FillRateBody), enabled: agentId !== '' });
  const data = estimate.data;
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="fill-rate-title">
      <Stack gap={4}>
        <Title order={3} size="h5" id="fill-rate-title">
          {FILL_RATE_TEXTS.title}
        </Title>
        <div aria-live="polite">
          {estimate.isPending ? (
            <Group gap="xs">
              <Loader size="xs" aria-hidden />
              <Text size="sm">Estimating…</Text>
            </Group>
          ) : estimate.isError || !data ? (
            <Text size="sm">{FILL_RATE_TEXTS.unavailable}</Text>
          ) : data.HasHistory ? (
            <Stack gap={2}>
              <Text size="xl" fw={700}>
                {data.LeadsPerWeek} leads/week
              </Text>
              <Text size="sm">{data.Basis}</Text>
            </Stack>
          ) : (
            <Text size="sm">{data.Basis}</Text>
          )}
        </div>
        <Text size="xs" c="dimmed">
          {FILL_RATE_TEXTS.help}
        </Text>
      </Stack>
    </Paper>
  );
}
