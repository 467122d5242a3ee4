// GET /api/notifications: the signed-in agent's newest notifications and unseen lead count (the live
// socket's catch-up); POST /api/notifications/seenLeads: My Leads was opened. A user with no agent
// (staff) has none.
import { listNotifications, markLeadsSeen, toNotificationDto, unseenLeads } from '#core/notifications/notifications.ts';
import { ok, route } from '#platform/http.ts';

export const getNotifications = route('me.notifications', {
  handle: async ({ user }) => {
    if (!user.agentId) return ok({ Notifications: [], UnseenLeads: 0 });
    const [notes, unseen] = await Promise.all([listNotifications(user.agentId), unseenLeads(user.agentId)]);
    return ok({ Notifications: notes.map(toNotificationDto), UnseenLeads: unseen });
  },
});

export const seeLeads = route('me.seeLeads', {
  handle: async ({ user }) => {
    if (user.agentId) await markLeadsSeen(user.agentId, new Date());
    return ok({ UnseenLeads: 0 as const });
  },
});
