import { Notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationDto, NotificationsDto } from '#shared/api/notifications.ts';
import { callApi, stubCallApi } from '@/testing/api-stub.ts';
import { renderWithRouter, type RouteRenderOptions } from '@/testing/render.tsx';
import { useLiveNotifications } from './use-live-notifications.tsx';

stubCallApi();

/** A socket the test opens, feeds and closes. */
class FakeSocket {
  static made: FakeSocket[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  push(n: NotificationDto, unseen = 1) {
    this.onmessage?.({ data: JSON.stringify({ Notification: n, UnseenLeads: unseen }) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
  send() {}
  close() {
    this.readyState = 3;
  }
}

const sold = (id: string, name: string): NotificationDto => ({
  NotificationId: id,
  Kind: 'LeadSold',
  At: '2026-12-03T10:00:00.000Z',
  LeadId: `L-${id}`,
  LeadNumber: 100_001,
  LeadName: name,
  OrderName: 'Chicago order',
  Price: 25,
  Decision: null,
  Balance: null,
  DistributedTo: null,
  Threshold: null,
});

let kept: NotificationsDto;
const connect = (url: string) => new FakeSocket(url) as unknown as WebSocket;
const noDelay = () => 0;

function Probe() {
  useLiveNotifications('A1', { connect, delay: noDelay });
  return <Notifications />;
}

/** The hook as it runs on My Leads (/leads), for the agent or for a sales assistant viewing the agent. */
const onMyLeads = (seesLeads: boolean): RouteRenderOptions => ({
  url: '/leads',
  route: (root: AnyRoute) =>
    createRoute({
      getParentRoute: () => root,
      path: '/leads',
      component: function MyLeadsProbe() {
        useLiveNotifications('A1', { connect, delay: noDelay, seesLeads });
        return <Notifications />;
      },
    }),
});

describe('the live notifications', () => {
  beforeEach(() => {
    FakeSocket.made = [];
    kept = { Notifications: [sold('old', 'Already Known')], UnseenLeads: 1 };
    vi.mocked(callApi).mockReset();
    vi.mocked(callApi).mockImplementation(async (id: string) => (id === 'me.notifications' ? kept : { UnseenLeads: 0 }) as never);
  });

  it('shows a pushed lead with its name, order and price, not the ones the page already had', async () => {
    await renderWithRouter(Probe);
    const socket = FakeSocket.made[0]!;
    expect(socket.url).toMatch(/^ws:\/\/.+\/api\/live$/);
    socket.open();
    await waitFor(() => expect(vi.mocked(callApi)).toHaveBeenCalledWith('me.notifications', expect.anything()));
    socket.push(sold('n1', 'Dana Quick'));
    expect(await screen.findByText('New lead: Dana Quick')).toBeTruthy();
    expect(screen.getByText(/Order Chicago order, \$25\.00/)).toBeTruthy();
    expect(screen.queryByText('New lead: Already Known')).toBeNull();
    // The same push again (a replayed record) shows nothing more.
    socket.push(sold('n1', 'Dana Quick'));
    expect(screen.getAllByText('New lead: Dana Quick')).toHaveLength(1);
  });

  it("sees the new leads on My Leads for the agent, never for a sales assistant viewing the agent's account", async () => {
    for (const sees of [true, false]) {
      vi.mocked(callApi).mockClear();
      FakeSocket.made = [];
      const { unmount } = await renderWithRouter(() => <></>, onMyLeads(sees));
      FakeSocket.made[0]!.open();
      await waitFor(() => expect(vi.mocked(callApi)).toHaveBeenCalledWith('me.notifications', expect.anything()));
      FakeSocket.made[0]!.push(sold(`seen-${sees}`, 'Pat Seen'), 2);
      expect(await screen.findByText('New lead: Pat Seen')).toBeTruthy();
      const calls = vi.mocked(callApi).mock.calls.map(([id]) => id);
      expect(calls.filter((id) => id === 'me.seeLeads').length > 0, `seesLeads ${sees}`).toBe(sees);
      unmount();
    }
  });

  it('reconnects after the socket drops and shows what was pushed while it was away, once', async () => {
    await renderWithRouter(Probe);
    FakeSocket.made[0]!.open();
    await waitFor(() => expect(vi.mocked(callApi)).toHaveBeenCalledTimes(1));
    FakeSocket.made[0]!.drop();
    await waitFor(() => expect(FakeSocket.made).toHaveLength(2));
    kept = { Notifications: [sold('missed', 'Sam Away'), ...kept.Notifications], UnseenLeads: 2 };
    FakeSocket.made[1]!.open();
    expect(await screen.findByText('New lead: Sam Away')).toBeTruthy();
    expect(screen.queryByText('New lead: Already Known')).toBeNull();
    // Its push arriving late on the new socket does not show it twice.
    FakeSocket.made[1]!.push(sold('missed', 'Sam Away'), 2);
    expect(screen.getAllByText('New lead: Sam Away')).toHaveLength(1);
  });
});
