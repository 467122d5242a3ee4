// One order on My Orders (spec part 2 §2, §4, §9): its name, number, status and the Active/Paused
// toggle, the attention warnings, and, expanded, the order information, the lead intake gauges, the
// lead distribution and the Options, Geos and Schedule buttons with their dialogs.
import { Alert, Badge, Box, Button, Card, Group, Menu, RingProgress, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import type { OrderSummaryDto } from '#shared/api/orders.ts';
import { ORDER_CARD_TEXTS, ORDER_STATUS, ORDER_STATUS_LABELS, type AttentionReason, type OrderStatus } from '#shared/orders/order.ts';
import type { AdminAgent } from '@/components/admin-agent-header.tsx';
import { formatDateTime } from '@/components/date-time.ts';
import { ConfirmStatusDialog, GeographiesDialog, ModificationHistoryDialog, ScheduleDialog, StatusHistoryDialog, type OrderDialog } from './order-dialogs.tsx';
import { EditCampaignOrderLink, FundOrderLink } from './order-links.tsx';
import { gaugesOf } from './order-list-model.ts';
import type { OrderActions } from './order-permissions.ts';

const STATUS_COLORS: Record<OrderStatus, string> = { 0: 'yellow', 1: 'green', 2: 'red' };

export interface OrderCardProps {
  order: OrderSummaryDto;
  reasons: readonly AttentionReason[];
  actions: OrderActions;
  timeZone: string | null | undefined;
  /** The agent of the admin view, for the admin variants of the edit links. */
  admin?: AdminAgent;
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  /** Whether a status change of this order is under way. */
  statusPending: boolean;
  /** Changes the order's status; settles when the call does (a failure is only logged, 2§8). */
  onSetStatus: (status: OrderStatus) => Promise<unknown>;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function OrderInformation({ order, timeZone }: { order: OrderSummaryDto; timeZone: string | null | undefined }) {
  const geography = order.StatesOnly ? `${order.StateCount} ${order.StateCount === 1 ? 'state' : 'states'}` : `${order.ZipCodeCount} zip codes`;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" verticalSpacing="xs">
      <Field label="Order ID">{order.UserFacingOrderId}</Field>
      <Field label="Status">{ORDER_STATUS_LABELS[order.Status]}</Field>
      <Field label="Created">{formatDateTime(order.Created, timeZone)}</Field>
      <Field label="Last Updated">{formatDateTime(order.LastUpdated, timeZone)}</Field>
      <Field label="Modified By">{order.ModifiedBy}</Field>
      <Field label="Geography">{geography}</Field>
      {order.IsFundOrder ? (
        <Field label="Funds">{order.Funds.map((f) => f.Name).join(', ') || '-'}</Field>
      ) : (
        <>
          <Field label="Campaigns">
            {order.Campaigns.map((c) => `${c.CampaignName}${c.Vendors.length ? ` (${c.Vendors.map((v) => v.VendorName).join(', ')})` : ''}`).join('; ') || '-'}
          </Field>
          <Field label="Priority">{order.Priority}</Field>
        </>
      )}
    </SimpleGrid>
  );
}

function LeadIntake({ order }: { order: OrderSummaryDto }) {
  const gauges = gaugesOf(order);
  if (gauges.length === 0) return <Text size="sm">No lead caps</Text>;
  return (
    <Group gap="md">
      {gauges.map((g) => (
        <Stack
          key={g.period}
          gap={0}
          align="center"
          role="meter"
          aria-label={`${g.label} lead intake`}
          aria-valuenow={Math.min(g.percent, 100)}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuetext={`${g.used} of ${g.max} leads (${g.percent}%)`}
          data-gauge={g.period}
        >
          <RingProgress
            size={84}
            thickness={8}
            // A round cap would draw a dot at 0%.
            roundCaps={g.percent > 0}
            sections={[{ value: Math.min(g.percent, 100), color: g.percent >= 100 ? 'red' : 'blue' }]}
            label={
              <Text size="sm" fw={700} ta="center">
                {g.percent}%
              </Text>
            }
          />
          <Text size="xs" fw={600}>
            {g.label}
          </Text>
          <Text size="xs">
            {g.used} of {g.max}
          </Text>
        </Stack>
      ))}
    </Group>
  );
}

function LeadDistribution({ order, captionId }: { order: OrderSummaryDto; captionId: string }) {
  if (order.OrderRecipients.length === 0) return <Text size="sm">No recipients</Text>;
  return (
    <Table aria-labelledby={captionId} verticalSpacing={4} withRowBorders>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Agent</Table.Th>
          <Table.Th ta="right">Share</Table.Th>
          <Table.Th ta="right">Leads</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {order.OrderRecipients.map((r) => (
          <Table.Tr key={r.AgentId}>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {r.FirstName} {r.LastName} ({r.AgentId}){' '}
              {r.Terminated && (
                <Badge color="red" variant="light" size="sm">
                  Terminated
                </Badge>
              )}
            </Table.Td>
            <Table.Td ta="right">{r.Percentage}%</Table.Td>
            <Table.Td ta="right">{r.Count}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function OrderCard({ order, reasons, actions, timeZone, admin, expanded, onExpandedChange, statusPending, onSetStatus }: OrderCardProps) {
  const [dialog, setDialog] = useState<OrderDialog | null>(null);
  const id = useId();
  const cancelled = order.Status === ORDER_STATUS.Cancelled;
  const active = order.Status === ORDER_STATUS.Active;
  const close = () => setDialog(null);
  const confirm = (status: OrderStatus) => void onSetStatus(status).catch(() => undefined).finally(close);

  return (
    <Card withBorder padding="md" component="article" aria-labelledby={`${id}-name`} id={`order-${order.OrderId}`} data-order-id={order.OrderId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Box style={{ flex: '1 1 14rem', minWidth: 0 }}>
            <Title order={2} size="h4" id={`${id}-name`} style={{ overflowWrap: 'anywhere' }}>
              {order.Description}
            </Title>
            <Text size="sm" c="dimmed">
              Order #{order.UserFacingOrderId} · Created {formatDateTime(order.Created, timeZone)}
            </Text>
          </Box>
          <Group gap="sm" wrap="nowrap">
            <Badge color={STATUS_COLORS[order.Status]} variant="light" data-testid="order-status">
              {ORDER_STATUS_LABELS[order.Status]}
            </Badge>
            {actions.toggle && (
              <Switch
                aria-label={`${order.Description} active`}
                checked={active}
                disabled={statusPending || cancelled}
                onChange={() => void onSetStatus(active ? ORDER_STATUS.Paused : ORDER_STATUS.Active).catch(() => undefined)}
              />
            )}
          </Group>
        </Group>

        {reasons.length > 0 && (
          <Alert color="orange" variant="light" title={ORDER_CARD_TEXTS.needsAttention} p="xs">
            <Stack gap={2}>
              {reasons.map((reason) => (
                <Text size="sm" key={reason}>
                  {ORDER_CARD_TEXTS[reason]}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}

        <Group gap="xs">
          <Button variant="subtle" size="compact-sm" aria-expanded={expanded} aria-controls={`${id}-details`} onClick={() => onExpandedChange(!expanded)}>
            {expanded ? 'Hide details' : 'Show details'}
          </Button>
          {actions.edit &&
            (order.IsFundOrder ? (
              <FundOrderLink orderId={order.OrderId} admin={admin} variant="light" size="compact-sm">
                Edit
              </FundOrderLink>
            ) : (
              <EditCampaignOrderLink orderId={order.OrderId} admin={admin} variant="light" size="compact-sm">
                Edit
              </EditCampaignOrderLink>
            ))}
        </Group>

        {expanded && (
          <Stack gap="md" id={`${id}-details`}>
            <section aria-labelledby={`${id}-info`}>
              <Title order={3} size="h5" id={`${id}-info`} mb="xs">
                Order Information
              </Title>
              <OrderInformation order={order} timeZone={timeZone} />
            </section>
            <section aria-labelledby={`${id}-intake`}>
              <Title order={3} size="h5" id={`${id}-intake`} mb="xs">
                Lead Intake
              </Title>
              <LeadIntake order={order} />
            </section>
            <section aria-labelledby={`${id}-distribution`}>
              <Title order={3} size="h5" id={`${id}-distribution`} mb="xs">
                Lead Distribution
              </Title>
              <LeadDistribution order={order} captionId={`${id}-distribution`} />
            </section>
            <Group gap="xs">
              <Menu position="bottom-start" withinPortal hideDetached={false}>
                <Menu.Target>
                  <Button variant="default" size="sm">
                    Options
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => setDialog('history')}>Modification History</Menu.Item>
                  <Menu.Item onClick={() => setDialog('statusHistory')}>Status History</Menu.Item>
                  {actions.cancelOrActivate &&
                    (cancelled ? (
                      <Menu.Item onClick={() => setDialog('reactivate')}>Activate Order</Menu.Item>
                    ) : (
                      <Menu.Item onClick={() => setDialog('cancel')}>Cancel Order</Menu.Item>
                    ))}
                </Menu.Dropdown>
              </Menu>
              <Button variant="default" size="sm" onClick={() => setDialog('geos')}>
                Geos
              </Button>
              <Button variant="default" size="sm" onClick={() => setDialog('schedule')}>
                Schedule
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>

      {dialog === 'geos' && <GeographiesDialog order={order} timeZone={timeZone} onClose={close} />}
      {dialog === 'schedule' && <ScheduleDialog order={order} timeZone={timeZone} onClose={close} />}
      {dialog === 'statusHistory' && <StatusHistoryDialog order={order} timeZone={timeZone} onClose={close} />}
      {dialog === 'history' && <ModificationHistoryDialog order={order} timeZone={timeZone} onClose={close} />}
      {(dialog === 'cancel' || dialog === 'reactivate') && (
        <ConfirmStatusDialog
          order={order}
          action={dialog}
          pending={statusPending}
          onClose={close}
          onConfirm={() => confirm(dialog === 'cancel' ? ORDER_STATUS.Cancelled : ORDER_STATUS.Paused)}
        />
      )}
    </Card>
  );
}
