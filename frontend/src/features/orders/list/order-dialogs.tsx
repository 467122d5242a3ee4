// The dialogs a My Orders card opens (spec part 2 §2): Order Geographies, Lead Delivery Schedule,
// Status History, Modification History, and the Cancel and Reactivate confirmations (§4).
import { Badge, Button, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import type { OrderHistoryRowDto, OrderStatusHistoryRowDto, OrderSummaryDto } from '#shared/api/orders.ts';
import { ORDER_CARD_TEXTS } from '#shared/orders/order.ts';
import { formatDateTime } from '@/components/date-time.ts';
import { ScheduleCalendar } from '../components/schedule-calendar.tsx';
import { useOrderDetails } from '../api/get-order-details.ts';
import { useOrderHistory, useOrderStatusHistory } from '../api/get-order-history.ts';
import { shortList, type HistoryColumn } from './history-csv.ts';
import { HistoryDialog } from './history-dialog.tsx';

export type OrderDialog = 'geos' | 'schedule' | 'statusHistory' | 'history' | 'cancel' | 'reactivate';

interface DialogProps {
  order: OrderSummaryDto;
  timeZone: string | null | undefined;
  onClose: () => void;
}

export function GeographiesDialog({ order, onClose }: DialogProps) {
  const details = useOrderDetails(order.AgentId, order.OrderId);
  const states = details.data?.States ?? [];
  const groups = details.data?.ZipCodes ?? [];
  return (
    <Modal opened onClose={onClose} title="Order Geographies" size="lg" centered>
      <Stack gap="sm">
        <Text fw={600}>{order.Description}</Text>
        {details.isPending ? (
          <Loader size="sm" role="status" aria-label="Loading the order's geographies" />
        ) : states.length === 0 && groups.length === 0 ? (
          <Text size="sm">No geographies found</Text>
        ) : (
          <>
            {states.length > 0 && (
              <section aria-labelledby="order-geos-states">
                <Title order={3} size="h5" id="order-geos-states" mb={4}>
                  States ({states.length})
                </Title>
                <Group gap={6}>
                  {states.map((s) => (
                    <Badge key={s.StateAbbreviation} variant="light" title={s.StateName}>
                      {s.StateName} ({s.StateAbbreviation})
                    </Badge>
                  ))}
                </Group>
              </section>
            )}
            {groups.map((group, index) => (
              <section key={`${group.Key}-${index}`} aria-labelledby={`order-geos-group-${index}`}>
                <Title order={3} size="h5" id={`order-geos-group-${index}`} mb={4}>
                  {group.Key} ({group.ZipCodes.length})
                </Title>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {group.ZipCodes.map((z) => z.ZipCode).join(', ')}
                </Text>
              </section>
            ))}
          </>
        )}
      </Stack>
    </Modal>
  );
}

export function ScheduleDialog({ order, onClose }: DialogProps) {
  return (
    <Modal opened onClose={onClose} title="Lead Delivery Schedule" size="lg" centered>
      <Stack gap="sm">
        <Text fw={600}>{order.Description}</Text>
        <ScheduleCalendar slots={order.OrderTimeSlots} label={`Lead delivery schedule of ${order.Description}`} />
      </Stack>
    </Modal>
  );
}

const statusColumns = (timeZone: string | null | undefined): HistoryColumn<OrderStatusHistoryRowDto>[] => [
  { title: 'Date', text: (r) => formatDateTime(r.UpdateDate, timeZone) },
  { title: 'User', text: (r) => r.UserName },
  { title: 'Previous Status', text: (r) => r.PreviousState },
  { title: 'New Status', text: (r) => r.NewStatus },
  { title: 'Description', text: (r) => r.Description },
];

const capText = (n: number) => (n > 0 ? String(n) : '');

const historyColumns = (timeZone: string | null | undefined, fund: boolean): HistoryColumn<OrderHistoryRowDto>[] => [
  { title: 'Date', text: (r) => formatDateTime(r.LastUpdated, timeZone) },
  { title: 'Status', text: (r) => r.Status },
  { title: 'Modified By', text: (r) => r.ModifiedBy },
  { title: 'Primary', text: (r) => r.Primary },
  { title: 'Order Name', text: (r) => r.Description },
  { title: 'Hourly', text: (r) => capText(r.MaxPerHour) },
  { title: 'Daily', text: (r) => capText(r.MaxPerDay) },
  { title: 'Weekly', text: (r) => capText(r.MaxPerWeek) },
  { title: 'Monthly', text: (r) => capText(r.MaxPerMonth) },
  fund ? { title: 'Funds', text: (r) => r.Funds.join(', ') } : { title: 'Campaigns', text: (r) => r.Campaigns.join(', ') },
  { title: 'States', text: (r) => r.States.join(', ') },
  { title: 'Zip Codes', text: (r) => r.ZipCodes.join(', '), cell: (r) => shortList(r.ZipCodes) },
];

export function StatusHistoryDialog({ order, timeZone, onClose }: DialogProps) {
  const rows = useOrderStatusHistory(order.AgentId, order.OrderId);
  return (
    <HistoryDialog
      title="Status History"
      fileSubject={`Order ${order.UserFacingOrderId} Status History`}
      rows={rows.data}
      loading={rows.isPending}
      columns={statusColumns(timeZone)}
      timeZone={timeZone}
      onClose={onClose}
    />
  );
}

export function ModificationHistoryDialog({ order, timeZone, onClose }: DialogProps) {
  const rows = useOrderHistory(order.AgentId, order.OrderId);
  return (
    <HistoryDialog
      title="Modification History"
      fileSubject={`Order ${order.UserFacingOrderId} Modification History`}
      rows={rows.data}
      loading={rows.isPending}
      columns={historyColumns(timeZone, order.IsFundOrder)}
      timeZone={timeZone}
      onClose={onClose}
    />
  );
}

export interface ConfirmStatusDialogProps {
  order: OrderSummaryDto;
  action: 'cancel' | 'reactivate';
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Cancel Order and Activate Order ask first, with the spec's words (2§4). */
export function ConfirmStatusDialog({ order, action, pending, onConfirm, onClose }: ConfirmStatusDialogProps) {
  return (
    <Modal opened onClose={() => !pending && onClose()} title={action === 'cancel' ? 'Cancel Order' : 'Activate Order'} centered>
      <Text>{action === 'cancel' ? ORDER_CARD_TEXTS.cancelConfirm(order.Description) : ORDER_CARD_TEXTS.reactivateConfirm}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose} disabled={pending}>
          No
        </Button>
        <Button color={action === 'cancel' ? 'red' : undefined} onClick={onConfirm} loading={pending}>
          Yes
        </Button>
      </Group>
    </Modal>
  );
}
