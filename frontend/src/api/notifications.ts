// GET /api/notifications: the agent's newest notifications and the count of leads not yet seen in My
// Leads (the drawer's My Leads item shows it); POST /api/notifications/seenLeads when My Leads opens.
// The live socket (components/shell/use-live-notifications.ts) keeps this query current between reads.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { MeDto } from '#shared/api/me.ts';
import type { NotificationsDto } from '#shared/api/notifications.ts';
import { callApi } from './client.ts';

export const NOTIFICATIONS_KEY = ['notifications'] as const;

export const notificationsQueryOptions = queryOptions({
  queryKey: NOTIFICATIONS_KEY,
  queryFn: ({ signal }) => callApi('me.notifications', { signal }),
});

/** Only for a user acting for an agent (staff have no notifications); never holds up a page. */
export const useNotifications = (agentId: string | null) => useQuery({ ...notificationsQueryOptions, enabled: agentId !== null });

/**
 * Whether the user's looking at My Leads sees its new leads: the agent's own, not a sales assistant's,
 * who views another agent's account read-only (the server refuses their writes, this one included).
 */
export const seesOwnLeads = (me: Pick<MeDto, 'AgentId' | 'IsSalesAssistant'>) => me.AgentId !== null && !me.IsSalesAssistant;

/** My Leads is on screen: its leads are seen, the drawer's count goes. */
export async function seeLeads(queryClient: QueryClient): Promise<void> {
  queryClient.setQueryData<NotificationsDto>(NOTIFICATIONS_KEY, (current) => current && { ...current, UnseenLeads: 0 });
  await callApi('me.seeLeads', {}).catch(() => undefined);
}

/** The leads of one agent, every page and range (My Leads; a sale or a dispute makes them stale). */
export const agentLeadsKey = (agentId: string) => ['leads', 'agent', agentId] as const;

/** Home's chart of the agent's leads and spend (a sale changes it). */
export const agentInsightsKey = (agentId: string) => ['account', 'insights', agentId] as const;
