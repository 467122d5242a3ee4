import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MeDto } from '#shared/api/me.ts';
import type { OrderSummaryDto } from '#shared/api/orders.ts';
import { permissionsFor } from '#shared/permissions.ts';
import { featureFlagsQueryOptions } from '@/api/get-feature-flags.ts';
import { meQueryOptions } from '@/api/get-me.ts';
import { createTestQueryClient } from '@/testing/query-client.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import { orderKeys } from '../api/order-keys.ts';
import { orderSummary } from './order-fixtures.ts';
import type { OrderListKind, OrderListSearch } from './order-list-model.ts';
import { OrdersPage } from './orders-page.tsx';

const AGENT_ID = 'A000002';
const flags = { isAdmin: false, isManager: false, isLeadConnectHome: false, isSalesAssistant: false, isSponsorAgent: false, isFundPreview: false } as const;
const AGENT: MeDto = {
  AgentId: AGENT_ID,
  Name: 'Carlos Captive',
  EmailAddress: 'captive@leadportal.example.com',
  Permissions: permissionsFor({ ...flags, kind: 'agent' }),
  Account: null,
  IsSalesAssistant: false,
  IsSponsorAgent: false,
  IsFundPreview: false,
  IsAdmin: false,
  Roles: ['agent'],
};
const STAFF: MeDto = { ...AGENT, AgentId: null, Permissions: permissionsFor({ ...flags, kind: 'staff', isManager: true }), Roles: ['manager'] };

const ORDERS: OrderSummaryDto[] = [
  orderSummary({ OrderId: 'f-old', Description: 'Older fund order', Created: '2026-01-01T00:00:00Z' }),
  orderSummary({ OrderId: 'f-new', Description: 'Newer fund order', Created: '2026-02-01T00:00:00Z', AttentionReasons: ['FundsInactive'] }),
  orderSummary({ OrderId: 'c-1', Description: 'Campaign order', IsFundOrder: false, Created: '2026-03-01T00:00:00Z' }),
];

async function renderPage(kind: OrderListKind, { me = AGENT, search = {} as Partial<OrderListSearch>, orders = ORDERS } = {}) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(meQueryOptions.queryKey, me);
  queryClient.setQueryData(featureFlagsQueryOptions.queryKey, {
    thirdPartyToggle: false, liveTransferCallData: false, liveTransferPhoneData: false, trainingData: false, validTrainingTitles: [], env: 'DEV', newFundOrderForStaff: false,
  });
  const full: OrderListSearch = { showCancelled: false, all: false, q: '', ...search };
  queryClient.setQueryData(orderKeys.list(AGENT_ID, !(full.showCancelled || full.all)), orders);
  queryClient.setQueryData(orderKeys.withTermed(AGENT_ID), []);
  queryClient.setQueryData(orderKeys.withReassigned(AGENT_ID), []);
  const setSearch = vi.fn();
  const view = await renderWithRouter(() => <OrdersPage kind={kind} search={full} setSearch={setSearch} />, { queryClient });
  return { ...view, setSearch };
}

describe('the My Orders page', () => {
  it('the fund list shows only fund orders newest first, the banner, the count line and New Order', async () => {
    await renderPage('fund');
    expect(screen.getByRole('heading', { name: 'My Fund Orders', level: 1 })).toBeTruthy();
    expect(screen.getByText('Create new and view existing orders')).toBeTruthy();
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('data-order-id'))).toEqual(['f-new', 'f-old']);
    expect(screen.getByTestId('order-count').textContent).toBe('Displaying 2 of 2 orders');
    const banner = screen.getByRole('region', { name: 'Orders that need attention' });
    expect(within(banner).getByRole('button', { name: 'Newer fund order' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New Order' }).getAttribute('href')).toBe('/fundOrder/new');
    expect(screen.getByRole('textbox', { name: 'Search' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Load Cancelled/Inactive Orders' })).toBeTruthy();
  });

  it("'Load Cancelled/Inactive Orders' loads every order and shows the cancelled ones", async () => {
    const { user, setSearch } = await renderPage('fund');
    await user.click(screen.getByRole('button', { name: 'Load Cancelled/Inactive Orders' }));
    const update = setSearch.mock.calls[0]![0] as (s: OrderListSearch) => OrderListSearch;
    expect(update({ showCancelled: false, all: false, q: '' })).toEqual({ showCancelled: true, all: true, q: '' });
  });

  it('the older list removes fund orders and offers New Fund Order and Create an Order, without search', async () => {
    await renderPage('campaign');
    expect(screen.getByRole('heading', { name: 'My Orders', level: 1 })).toBeTruthy();
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('data-order-id'))).toEqual(['c-1']);
    expect(screen.getByRole('link', { name: 'New Fund Order' }).getAttribute('href')).toBe('/fundOrder/new');
    expect(screen.getByRole('link', { name: 'Create an Order' }).getAttribute('href')).toBe('/order/new');
    expect(screen.queryByRole('textbox', { name: 'Search' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load Cancelled/Inactive Orders' })).toBeNull();
  });

  it("says 'No orders found' when the list is empty", async () => {
    await renderPage('fund', { orders: [] });
    expect(screen.getByText('No orders found')).toBeTruthy();
    expect(screen.getByTestId('order-count').textContent).toBe('Displaying 0 of 0 orders');
  });

  it('a staff user without an agent record has no orders of their own', async () => {
    await renderPage('fund', { me: STAFF });
    expect(screen.getByText('No agent account is linked to this user.')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });
});
