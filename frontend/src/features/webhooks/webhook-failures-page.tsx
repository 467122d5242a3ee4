// CRM Deliveries (issue 23, staff): deliveries to agents' CRMs that are failing, across agents, in the
// server's order (parked ones first, then those still retrying, the longest failing first), with the
// agent, the endpoint, the event, since when it fails, its attempts and last answer, and Replay; below
// them every agent's endpoint, failing ones first, each opening its whole delivery log. One card per
// delivery or endpoint, so the screen reads the same on a phone.
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import type { failedDeliverySchema, WebhookDto } from '#shared/api/webhooks.ts';
import { AnchorLink } from '@/components/anchor-link.tsx';
import { formatDateTime } from '@/components/date-time.ts';
import { ApiErrorAlert } from './api-error-alert.tsx';
import { DeliveryLogDialog } from './delivery-log-dialog.tsx';
import { useFailures } from './api/list-failures.ts';
import { useStaffEndpoints } from './api/list-endpoints.ts';
import { useReplayDelivery } from './api/replay-delivery.ts';
import { attemptOutcome, EVENT_LABELS, lastAttempt, STATE_LABELS } from './webhook-texts.ts';

type FailedDelivery = z.infer<typeof failedDeliverySchema>;

/** Staff have no account: times are in the portal's default zone. */
const when = (at: string) => formatDateTime(at, null);

export function WebhookFailuresPage() {
  const deliveries = useFailures();
  const replay = useReplayDelivery();
  const [announcement, setAnnouncement] = useState('');

  const replayOne = (d: FailedDelivery) => {
    setAnnouncement('');
    replay.mutate(
      { agentId: d.AgentId, endpointId: d.EndpointId, deliveryId: d.DeliveryId },
      { onSuccess: () => setAnnouncement(`The delivery to ${d.Url} for agent ${d.AgentId} is queued again.`) },
    );
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        CRM Deliveries
      </Title>
      <Text size="sm" c="dimmed">
        Deliveries to agents&apos; CRMs that are failing: parked ones (their retries ran out) first, then those still being retried, the longest
        failing first. Replay sends a delivery again.
      </Text>
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
      <ApiErrorAlert error={replay.error} title="Unable to replay" />
      {deliveries.length === 0 ? (
        <Text size="sm">No deliveries are failing: every CRM endpoint is receiving its leads.</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Failing deliveries">
          {deliveries.map((d) => (
            <FailureCard
              key={`${d.EndpointId}#${d.DeliveryId}`}
              delivery={d}
              replaying={replay.isPending && replay.variables.deliveryId === d.DeliveryId}
              onReplay={() => replayOne(d)}
            />
          ))}
        </Stack>
      )}
      <EndpointsAcrossAgents />
    </Stack>
  );
}

type StaffEndpoint = WebhookDto & { AgentId: string };

/** Every agent's endpoint, failing ones first; each opens its delivery log (with Replay). */
function EndpointsAcrossAgents() {
  const { endpoints, isPending, error, hasNextPage, fetchNextPage, isFetchingNextPage } = useStaffEndpoints();
  const [open, setOpen] = useState<StaffEndpoint | null>(null);
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Endpoints
      </Title>
      <Text size="sm" c="dimmed">
        Every agent&apos;s CRM endpoints, failing ones first. View log shows an endpoint&apos;s deliveries, delivered or not.
      </Text>
      <ApiErrorAlert error={error} title="Unable to load the endpoints" />
      {isPending ? (
        <Text size="sm">Loading endpoints…</Text>
      ) : endpoints.length === 0 && !error ? (
        <Text size="sm">No agent has a CRM endpoint yet.</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="CRM endpoints">
          {endpoints.map((e) => (
            <EndpointCard key={e.EndpointId} endpoint={e} onOpen={() => setOpen(e)} />
          ))}
        </Stack>
      )}
      {hasNextPage && (
        <Group>
          <Button variant="default" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            Load more endpoints
          </Button>
        </Group>
      )}
      {open && <DeliveryLogDialog agentId={open.AgentId} webhook={open} timeZone={null} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

function endpointState(e: StaffEndpoint): { label: string; color: string } {
  if (!e.Enabled) return { label: 'Turned off', color: 'gray' };
  if (e.FailingSince) return { label: 'Failing', color: 'red' };
  return { label: 'Receiving', color: 'green' };
}

function EndpointCard({ endpoint: e, onOpen }: { endpoint: StaffEndpoint; onOpen: () => void }) {
  const state = endpointState(e);
  const label = `${e.Url} of agent ${e.AgentId}`;
  return (
    <Card component="li" withBorder padding="sm" aria-label={label}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {e.Url}
            </Text>
            <Badge variant="light" color={state.color}>
              {state.label}
            </Badge>
          </Group>
          <Button size="xs" variant="light" aria-label={`View log of ${label}`} onClick={onOpen}>
            View log
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xs">
          <Item name="Agent">
            <AnchorLink to="/agent/manage/$agentID" params={{ agentID: e.AgentId }}>
              {e.AgentId}
            </AnchorLink>
          </Item>
          <Item name="Events">{e.Events.map((k) => EVENT_LABELS[k]).join(', ')}</Item>
          <Item name="Failing since">{e.FailingSince ? when(e.FailingSince) : 'Not failing'}</Item>
          <Item name="Parked deliveries">{e.Parked}</Item>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

function Item({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600}>
        {name}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

function FailureCard({ delivery: d, replaying, onReplay }: { delivery: FailedDelivery; replaying: boolean; onReplay: () => void }) {
  const last = lastAttempt(d);
  const label = `${EVENT_LABELS[d.Event]} for agent ${d.AgentId}`;
  const since = d.Attempts[0]?.At ?? d.At;
  return (
    <Card component="li" withBorder padding="sm" aria-label={label}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>{label}</Text>
            <Badge variant="light" color={STATE_LABELS[d.State].color}>
              {STATE_LABELS[d.State].label}
            </Badge>
          </Group>
          <Button size="xs" variant="light" aria-label={`Replay ${label}`} loading={replaying} onClick={onReplay}>
            Replay
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs">
          <Item name="Agent">
            <AnchorLink to="/agent/manage/$agentID" params={{ agentID: d.AgentId }}>
              {d.AgentId}
            </AnchorLink>
          </Item>
          <Item name="Endpoint">{d.Url}</Item>
          <Item name="Event">{EVENT_LABELS[d.Event]}</Item>
          <Item name="Failing since">{when(since)}</Item>
          <Item name="Attempts">{d.Attempts.length}</Item>
          <Item name="Last answer">{last ? attemptOutcome(last) : 'None yet'}</Item>
          {d.NextAttemptAt && <Item name="Next attempt">{when(d.NextAttemptAt)}</Item>}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
