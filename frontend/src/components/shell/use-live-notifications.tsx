// The live notifications of the signed-in agent (issue 23): one socket per tab to /api/live, which the
// server pushes each notification down; each shows as a toast linking to its lead, updates the drawer's
// count and refreshes the views it changes (My Leads, Home, the balance). When the socket closes it
// reopens with backoff, and every (re)open reads GET /api/notifications, so a notification pushed
// while the tab was away still shows: none is only in a push.
import { Anchor, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { livePushSchema, notificationText, type NotificationDto, type NotificationsDto } from '#shared/api/notifications.ts';
import { invalidateBalanceViews } from '@/api/balance-views.ts';
import { agentInsightsKey, agentLeadsKey, NOTIFICATIONS_KEY, notificationsQueryOptions, seeLeads } from '@/api/notifications.ts';
import { liveSocketUrl, reconnectDelay } from './live-socket.ts';

const MY_LEADS = '/leads';
const TOAST_MS = 10_000;
/** API Gateway closes a WebSocket idle for 10 minutes: a word every 5 keeps it open. */
export const KEEPALIVE_MS = 5 * 60_000;

type Navigate = (leadNumber: number) => void;

function showToast(n: NotificationDto, openLead: Navigate): void {
  const { title, message } = notificationText(n);
  const leadNumber = n.LeadNumber;
  notifications.show({
    id: n.NotificationId,
    title,
    color: n.Kind === 'BalanceLow' ? 'orange' : 'green',
    autoClose: TOAST_MS,
    withBorder: true,
    message: (
      // The text colour, not the notification's dimmed default (3.3:1 on white, under WCAG's 4.5:1).
      <Text size="sm" component="span" c="var(--mantine-color-text)" data-live-notification={n.Kind}>
        {message}
        {n.Kind === 'LeadSold' && leadNumber !== null && (
          <>
            {' '}
            <Anchor
              href={`${MY_LEADS}?leadId=${leadNumber}`}
              onClick={(e) => {
                e.preventDefault();
                notifications.hide(n.NotificationId);
                openLead(leadNumber);
              }}
            >
              View lead
            </Anchor>
          </>
        )}
      </Text>
    ),
  });
}

/** The views a notification changes, refetched if on screen. */
function refreshViews(queryClient: QueryClient, agentId: string, n: NotificationDto): void {
  void invalidateBalanceViews(queryClient, agentId);
  if (n.Kind === 'BalanceLow') return;
  void queryClient.invalidateQueries({ queryKey: agentLeadsKey(agentId) });
  void queryClient.invalidateQueries({ queryKey: agentInsightsKey(agentId), exact: true });
}

export interface LiveOptions {
  /** Opens the socket (tests give their own). */
  connect?: (url: string) => WebSocket;
  /** The wait before reconnect attempt n (tests give their own). */
  delay?: (attempt: number) => number;
  /** Whether My Leads on screen sees the new leads (not for a sales assistant: `seesOwnLeads`). */
  seesLeads?: boolean;
}

const openWebSocket = (url: string) => new WebSocket(url);

export function useLiveNotifications(agentId: string | null, { connect = openWebSocket, delay = reconnectDelay, seesLeads = true }: LiveOptions = {}): void {
  const queryClient = useQueryClient();
  const router = useRouter();

  useEffect(() => {
    if (!agentId) return;
    const known = new Set<string>();
    let firstRead = true;
    let attempt = 0;
    let socket: WebSocket | undefined;
    let timer: number | undefined;
    let stopped = false;
    const keepalive = window.setInterval(() => {
      if (socket?.readyState === WebSocket.OPEN) socket.send('ping');
    }, KEEPALIVE_MS);

    const onMyLeads = () => seesLeads && router.state.location.pathname === MY_LEADS;
    const openLead: Navigate = (leadNumber) => void router.navigate({ to: MY_LEADS, search: { leadId: String(leadNumber) } as never });

    const arrived = (n: NotificationDto) => {
      if (known.has(n.NotificationId)) return false;
      known.add(n.NotificationId);
      showToast(n, openLead);
      refreshViews(queryClient, agentId, n);
      return true;
    };

    /** What the server kept: the first read only learns what is already there; later ones show what was missed. */
    const catchUp = async () => {
      const kept = await queryClient.fetchQuery({ ...notificationsQueryOptions, staleTime: 0 }).catch(() => undefined);
      if (!kept || stopped) return;
      const missed = kept.Notifications.filter((n) => !known.has(n.NotificationId)).reverse();
      if (firstRead) missed.forEach((n) => known.add(n.NotificationId));
      else missed.forEach(arrived);
      firstRead = false;
      if (onMyLeads() && kept.UnseenLeads > 0) void seeLeads(queryClient);
    };

    const open = () => {
      if (stopped) return;
      const ws = connect(liveSocketUrl(window.location));
      socket = ws;
      ws.onopen = () => {
        attempt = 0;
        // Whether this tab hears at once (browser tests wait for it before a sale).
        document.documentElement.dataset.liveSocket = 'open';
        void catchUp();
      };
      ws.onmessage = (event: MessageEvent) => {
        let data: unknown;
        try {
          data = JSON.parse(String(event.data));
        } catch {
          return;
        }
        const parsed = livePushSchema.safeParse(data);
        if (!parsed.success) return;
        const { Notification: n, UnseenLeads } = parsed.data;
        if (!arrived(n)) return;
        queryClient.setQueryData<NotificationsDto>(NOTIFICATIONS_KEY, (current) => ({
          Notifications: [n, ...(current?.Notifications ?? []).filter((c) => c.NotificationId !== n.NotificationId)],
          UnseenLeads,
        }));
        if (onMyLeads() && n.Kind === 'LeadSold') void seeLeads(queryClient);
      };
      ws.onclose = () => {
        if (socket !== ws || stopped) return;
        document.documentElement.dataset.liveSocket = 'closed';
        timer = window.setTimeout(open, delay(attempt++));
      };
    };

    open();
    return () => {
      stopped = true;
      window.clearInterval(keepalive);
      delete document.documentElement.dataset.liveSocket;
      window.clearTimeout(timer);
      socket?.close();
    };
  }, [agentId, connect, delay, queryClient, router, seesLeads]);
}
