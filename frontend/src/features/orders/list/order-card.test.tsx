import { screen, within, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderStatusHistoryRowDto } from '#shared/api/orders.ts';
import { ORDER_CARD_TEXTS, type OrderStatus } from '#shared/orders/order.ts';
import { createTestQueryClient } from '@/testing/query-client.ts';
import { renderWithProviders, renderWithRouter } from '@/testing/render.tsx';
import { orderKeys } from '../api/order-keys.ts';
import { OrderCard, type OrderCardProps } from './order-card.tsx';
import { orderSummary } from './order-fixtures.ts';
import type { OrderActions } from './order-permissions.ts';

const ALL: OrderActions = { toggle: true, cancelOrActivate: true, edit: false, newFundOrder: true, newCampaignOrder: true };
const NONE: OrderActions = { toggle: false, cancelOrActivate: false, edit: false, newFundOrder: false, newCampaignOrder: false };

function renderCard(props: Partial<OrderCardProps> = {}, queryClient = createTestQueryClient()) {
  const onSetStatus = vi.fn((status: OrderStatus) => Promise.resolve(status));
  const onExpandedChange = vi.fn();
  const view = renderWithProviders(
    <OrderCard
      order={orderSummary()}
      reasons={[]}
      actions={ALL}
      timeZone="Central"
      expanded
      onExpandedChange={onExpandedChange}
      statusPending={false}
      onSetStatus={onSetStatus}
      {...props}
    />,
    { queryClient },
  );
  return { ...view, onSetStatus, onExpandedChange, card: screen.getByRole('article', { name: props.order?.Description ?? 'Texas health' }) };
}

afterEach(() => vi.restoreAllMocks());

describe('an order card', () => {
  it('folded, shows the name, number, status and Show details, nothing more', async () => {
    const { card, user, onExpandedChange } = renderCard({ expanded: false });
    expect(within(card).getByText('Order #1001 · Created 3/5/2026, 12:04:09 PM')).toBeTruthy();
    expect(within(card).getByTestId('order-status').textContent).toBe('Active');
    expect(within(card).queryByText('Order Information')).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Show details' }));
    expect(onExpandedChange).toHaveBeenCalledWith(true);
  });

  it('expanded, shows the order information, a gauge per cap above zero and the distribution', () => {
    const { card } = renderCard();
    const info = within(card).getByRole('region', { name: 'Order Information' });
    expect(within(info).getByText('Health Exclusive')).toBeTruthy();
    expect(within(info).getByText('2 states')).toBeTruthy();
    expect(within(info).getByText('3/6/2026, 4:00:00 AM')).toBeTruthy();
    const meters = within(card).getAllByRole('meter');
    expect(meters.map((m) => [m.getAttribute('aria-label'), m.getAttribute('aria-valuenow'), m.getAttribute('aria-valuetext')])).toEqual([
      ['Daily lead intake', '30', '3 of 10 leads (30%)'],
      ['Weekly lead intake', '33', '13 of 40 leads (33%)'],
    ]);
    const distribution = within(card).getByRole('table', { name: 'Lead Distribution' });
    const rows = within(distribution).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows).toEqual(['Carlos Captive (A000002) 60%12', 'Tina Termed (A000009) Terminated40%8']);
  });

  it('shows "This order needs attention" with one line per reason', () => {
    const { card } = renderCard({ reasons: ['Reassigned', 'FundsInactive'] });
    const alert = within(card).getByText(ORDER_CARD_TEXTS.needsAttention).closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByText('Order has been reassigned')).toBeTruthy();
    expect(within(alert).getByText('Order funds are no longer active')).toBeTruthy();
    expect(within(alert).queryByText('Downline Agent has been terminated')).toBeNull();
  });

  it('the toggle pauses an active order and activates a paused one', async () => {
    const active = renderCard();
    await active.user.click(within(active.card).getByRole('switch', { name: 'Texas health active' }));
    expect(active.onSetStatus).toHaveBeenCalledWith(0);
    active.unmount();
    const paused = renderCard({ order: orderSummary({ Status: 0 }) });
    expect((within(paused.card).getByRole('switch') as HTMLInputElement).checked).toBe(false);
    await paused.user.click(within(paused.card).getByRole('switch'));
    expect(paused.onSetStatus).toHaveBeenCalledWith(1);
  });

  it('the toggle is disabled while the status changes and on a cancelled order, and absent without the permission', () => {
    const pending = renderCard({ statusPending: true });
    expect((within(pending.card).getByRole('switch') as HTMLInputElement).disabled).toBe(true);
    pending.unmount();
    const cancelled = renderCard({ order: orderSummary({ Status: 2 }) });
    expect((within(cancelled.card).getByRole('switch') as HTMLInputElement).disabled).toBe(true);
    cancelled.unmount();
    const readOnly = renderCard({ actions: NONE });
    expect(within(readOnly.card).queryByRole('switch')).toBeNull();
  });

  it("Cancel Order asks 'Cancel order {name}? ...' and cancels on Yes", async () => {
    const { card, user, onSetStatus } = renderCard();
    await user.click(within(card).getByRole('button', { name: 'Options' }));
    expect((await screen.findAllByRole('menuitem')).map((m) => m.textContent)).toEqual(['Modification History', 'Status History', 'Cancel Order']);
    await user.click(await screen.findByRole('menuitem', { name: 'Cancel Order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Order' });
    expect(within(dialog).getByText(ORDER_CARD_TEXTS.cancelConfirm('Texas health'))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(onSetStatus).toHaveBeenCalledWith(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Activate Order on a cancelled order asks with the reactivate text and sets it to Paused; No changes nothing', async () => {
    const { card, user, onSetStatus } = renderCard({ order: orderSummary({ Status: 2 }) });
    await user.click(within(card).getByRole('button', { name: 'Options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Activate Order' }));
    let dialog = await screen.findByRole('dialog', { name: 'Activate Order' });
    expect(within(dialog).getByText(ORDER_CARD_TEXTS.reactivateConfirm)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onSetStatus).not.toHaveBeenCalled();

    await user.click(within(card).getByRole('button', { name: 'Options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Activate Order' }));
    dialog = await screen.findByRole('dialog', { name: 'Activate Order' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(onSetStatus).toHaveBeenCalledWith(0);
  });

  it('has no Cancel or Activate without the permission', async () => {
    const { card, user } = renderCard({ actions: NONE });
    await user.click(within(card).getByRole('button', { name: 'Options' }));
    expect((await screen.findAllByRole('menuitem')).map((m) => m.textContent)).toEqual(['Modification History', 'Status History']);
  });

  it('Status History is a filterable table, 10 a page, with a CSV export of the filtered rows', async () => {
    const queryClient = createTestQueryClient();
    const rows: OrderStatusHistoryRowDto[] = Array.from({ length: 12 }, (_, i) => ({
      UpdateDate: `2026-03-${String(10 + i).padStart(2, '0')}T15:00:00.000Z`,
      UserName: i === 0 ? 'admin@leadportal.example.com' : 'captive@leadportal.example.com',
      PreviousState: 'Active',
      NewStatus: 'Paused',
      Description: `Change ${i + 1}`,
    }));
    queryClient.setQueryData(orderKeys.statusHistory('A000002', 'o-1'), rows);
    const { card, user } = renderCard({}, queryClient);
    await user.click(within(card).getByRole('button', { name: 'Options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Status History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Status History' });
    const bodyRows = () => within(dialog).getAllByRole('row').slice(1);
    expect(bodyRows()).toHaveLength(10);
    // The test DOM applies no stylesheet media queries, so mantine-datatable renders its rows without cells: the
    // cells' text is checked through the CSV, which the same columns write.
    expect(within(dialog).getByText('12 of 12 entries')).toBeTruthy();

    await user.type(within(dialog).getByRole('textbox', { name: 'Filter' }), 'admin@');
    expect(bodyRows()).toHaveLength(1);
    expect(within(dialog).getByText('1 of 12 entries')).toBeTruthy();

    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => (created.push(blob), 'blob:history'));
    URL.revokeObjectURL = vi.fn();
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    await user.click(within(dialog).getByRole('button', { name: 'CSV Export' }));
    expect(clicks[0]!.download).toMatch(/^Order-1001-Status-History-\d\d-\d\d-\d{4}\.csv$/);
    expect(await created[0]!.text()).toBe(
      'Date,User,Previous Status,New Status,Description\r\n"3/10/2026, 10:00:00 AM",admin@leadportal.example.com,Active,Paused,Change 1',
    );
  });

  it('Geos shows the states, or the zip groups, of the order', async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(orderKeys.details('A000002', 'o-1'), {
      OrderId: 'o-1',
      States: [{ StateName: 'Texas', StateAbbreviation: 'TX' }],
      ZipCodes: [{ Key: 'Area 750', ZipCodes: [{ ZipCode: '75001' }, { ZipCode: '75002' }] }],
      OrderTimeSlots: [],
      OrderRecipients: [],
    });
    const { card, user } = renderCard({}, queryClient);
    await user.click(within(card).getByRole('button', { name: 'Geos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order Geographies' });
    expect(within(dialog).getByText('Texas (TX)')).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Area 750 (2)' })).toBeTruthy();
    expect(within(dialog).getByText('75001, 75002')).toBeTruthy();
  });

  it('Schedule shows the delivery calendar of the order', async () => {
    const { card, user } = renderCard();
    await user.click(within(card).getByRole('button', { name: 'Schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lead Delivery Schedule' });
    expect(within(dialog).getByText('Monday 9:00 AM to 11:59:59 PM')).toBeTruthy();
    expect(within(dialog).getByRole('group', { name: 'Lead delivery schedule of Texas health' })).toBeTruthy();
  });
});

describe('the Edit link', () => {
  it('opens the fund wizard for a fund order, and the admin variant in admin view', async () => {
    const props = { reasons: [], timeZone: null, expanded: false, onExpandedChange: () => {}, statusPending: false, onSetStatus: () => Promise.resolve() };
    const own = await renderWithRouter(() => <OrderCard order={orderSummary()} actions={{ ...ALL, edit: true }} {...props} />);
    expect(own.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/fundOrder/o-1');
    own.unmount();
    const admin = await renderWithRouter(() => (
      <OrderCard
        order={orderSummary({ IsFundOrder: false })}
        actions={{ ...ALL, edit: true }}
        admin={{ agentID: 'A000002', firstName: 'Carlos', lastName: 'Captive' }}
        {...props}
      />
    ));
    expect(admin.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/order/edit/o-1/A000002/Carlos/Captive');
  });
});
