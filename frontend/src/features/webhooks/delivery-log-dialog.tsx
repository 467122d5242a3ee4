// An endpoint's delivery log (issue 23): each delivery, newest first, with its event, time, state, the
// number of attempts, the last one's status, latency or error, and the next retry; a row's details show
// every attempt and the body sent. Replay queues a delivery again (parked, retrying or delivered). On a
// phone each delivery is a card rather than a table row, so nothing is wider than the screen.
import { Badge, Button, Card, Code, Group, List, Loader, Modal, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Fragment, useState } from 'react';
import type { DeliveryDto, WebhookDto } from '#shared/api/webhooks.ts';
import { formatDateTime } from '@/components/date-time.ts';
import { PHONE_QUERY } from '@/components/server-data-table.tsx';
import { ScrollTable } from '@/components/scroll-table.tsx';
import { ApiErrorAlert } from './api-error-alert.tsx';
import { useDeliveries } from './api/list-deliveries.ts';
import { useReplayDelivery } from './api/replay-delivery.ts';
import { attemptOutcome, EVENT_LABELS, lastAttempt, STATE_LABELS } from './webhook-texts.ts';

const COLUMNS = 7;

interface DeliveryLogDialogProps {
  agentId: string;
  webhook: WebhookDto;
  timeZone: string | null | undefined;
  onClose: () => void;
}

export function DeliveryLogDialog({ agentId, webhook, timeZone, onClose }: DeliveryLogDialogProps) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const { deliveries, isPending, error, hasNextPage, fetchNextPage, isFetchingNextPage } = useDeliveries(agentId, webhook.EndpointId);
  const replay = useReplayDelivery();
  const [expanded, setExpanded] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [moreProblem, setMoreProblem] = useState('');
  const when = (at: string) => formatDateTime(at, timeZone);

  const loadMore = () => {
    setMoreProblem('');
    fetchNextPage().then(
      (r) => r.isError && setMoreProblem('More deliveries could not be loaded. Please try again.'),
      () => setMoreProblem('More deliveries could not be loaded. Please try again.'),
    );
  };

  const replayOne = (d: DeliveryDto) => {
    setAnnouncement('');
    replay.mutate(
      { agentId, endpointId: webhook.EndpointId, deliveryId: d.DeliveryId },
      { onSuccess: () => setAnnouncement(`The ${EVENT_LABELS[d.Event].toLowerCase()} delivery of ${when(d.At)} is queued again.`) },
    );
  };

  const detailsIdOf = (d: DeliveryDto) => `delivery-details-${d.DeliveryId.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const actions = (d: DeliveryDto, open: boolean) => {
    const name = `${EVENT_LABELS[d.Event]} of ${when(d.At)}`;
    return (
      <Group gap={6} wrap="nowrap">
        <Button
          size="xs"
          variant="default"
          aria-expanded={open}
          aria-controls={open ? detailsIdOf(d) : undefined}
          aria-label={`Details of ${name}`}
          onClick={() => setExpanded(open ? null : d.DeliveryId)}
        >
          Details
        </Button>
        {d.State !== 'pending' && (
          <Button
            size="xs"
            variant="light"
            aria-label={`Replay ${name}`}
            loading={replay.isPending && replay.variables.deliveryId === d.DeliveryId}
            onClick={() => replayOne(d)}
          >
            Replay
          </Button>
        )}
      </Group>
    );
  };

  return (
    <Modal opened onClose={onClose} title="Delivery log" size="80rem" fullScreen={phone} centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <Stack gap="sm">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Deliveries to {webhook.Url}, newest first. Failed deliveries are retried with growing pauses for 24 hours, then parked until replayed.
        </Text>
        <ApiErrorAlert error={replay.error} title="Unable to replay" />
        <VisuallyHidden role="status">{announcement}</VisuallyHidden>
        {isPending ? (
          <Loader size="sm" role="status" aria-label="Loading deliveries" />
        ) : error ? (
          <ApiErrorAlert error={error} />
        ) : deliveries.length === 0 ? (
          <Text size="sm">No deliveries yet. Send a test to see one here.</Text>
        ) : phone ? (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Deliveries">
            {deliveries.map((d) => {
              const last = lastAttempt(d);
              const open = expanded === d.DeliveryId;
              return (
                <Card component="li" key={d.DeliveryId} withBorder padding="sm" aria-label={`${EVENT_LABELS[d.Event]} of ${when(d.At)}`}>
                  <Stack gap={4}>
                    <Group gap="xs" wrap="wrap">
                      <Text fw={700}>{EVENT_LABELS[d.Event]}</Text>
                      <Badge variant="light" color={STATE_LABELS[d.State].color}>
                        {STATE_LABELS[d.State].label}
                      </Badge>
                    </Group>
                    <Text size="sm">{when(d.At)}</Text>
                    <Text size="sm">
                      {d.Attempts.length} attempt{d.Attempts.length === 1 ? '' : 's'}; last: {last ? attemptOutcome(last) : 'none yet'}
                    </Text>
                    {d.NextAttemptAt && <Text size="sm">Next attempt: {when(d.NextAttemptAt)}</Text>}
                    {actions(d, open)}
                    {open && (
                      <div id={detailsIdOf(d)}>
                        <DeliveryDetails delivery={d} when={when} phone />
                      </div>
                    )}
                  </Stack>
                </Card>
              );
            })}
          </Stack>
        ) : (
          <ScrollTable minWidth={720}>
            <Table verticalSpacing="xs" aria-label="Deliveries">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Event</Table.Th>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th>Attempts</Table.Th>
                  <Table.Th>Last attempt</Table.Th>
                  <Table.Th>Next attempt</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {deliveries.map((d) => {
                  const last = lastAttempt(d);
                  const open = expanded === d.DeliveryId;
                  return (
                    <Fragment key={d.DeliveryId}>
                      <Table.Tr>
                        <Table.Td>{EVENT_LABELS[d.Event]}</Table.Td>
                        <Table.Td>{when(d.At)}</Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={STATE_LABELS[d.State].color}>
                            {STATE_LABELS[d.State].label}
                          </Badge>
                        </Table.Td>
                        <Table.Td>{d.Attempts.length}</Table.Td>
                        <Table.Td>{last ? attemptOutcome(last) : 'None yet'}</Table.Td>
                        <Table.Td>{d.NextAttemptAt ? when(d.NextAttemptAt) : 'None'}</Table.Td>
                        <Table.Td>{actions(d, open)}</Table.Td>
                      </Table.Tr>
                      {open && (
                        <Table.Tr id={detailsIdOf(d)}>
                          <Table.Td colSpan={COLUMNS}>
                            <DeliveryDetails delivery={d} when={when} />
                          </Table.Td>
                        </Table.Tr>
                      )}
                    </Fragment>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
        {moreProblem && (
          <Text size="sm" c="red.8" role="alert">
            {moreProblem}
          </Text>
        )}
        {hasNextPage && (
          <Button variant="default" onClick={loadMore} loading={isFetchingNextPage} style={{ alignSelf: 'flex-start' }}>
            Load more
          </Button>
        )}
      </Stack>
    </Modal>
  );
}

function DeliveryDetails({ delivery, when, phone = false }: { delivery: DeliveryDto; when: (at: string) => string; phone?: boolean }) {
  return (
    <Stack gap="xs" py="xs">
      <Title order={3} size="h6">
        Attempts
      </Title>
      {delivery.Attempts.length === 0 ? (
        <Text size="sm">No attempt yet.</Text>
      ) : phone ? (
        <List type="ordered" size="sm" spacing={2} aria-label="Attempts">
          {delivery.Attempts.map((a, i) => (
            <List.Item key={`${a.At}-${i}`}>
              {when(a.At)}: {attemptOutcome(a)}
            </List.Item>
          ))}
        </List>
      ) : (
        <Table withTableBorder verticalSpacing={4} aria-label="Attempts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>Time</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Latency</Table.Th>
              <Table.Th>Error</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {delivery.Attempts.map((a, i) => (
              <Table.Tr key={`${a.At}-${i}`}>
                <Table.Td>{i + 1}</Table.Td>
                <Table.Td>{when(a.At)}</Table.Td>
                <Table.Td>{a.Status ?? 'No answer'}</Table.Td>
                <Table.Td>{a.LatencyMs} ms</Table.Td>
                <Table.Td>{a.Error ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Title order={3} size="h6">
        Body sent
      </Title>
      {delivery.Body === null ? (
        <Text size="sm">No body was recorded.</Text>
      ) : (
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {delivery.Body}
        </Code>
      )}
    </Stack>
  );
}
