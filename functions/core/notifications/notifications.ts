// An agent's notifications (issue 23): kept by the projector's notifications view, pushed to every open
// tab of the agent, and read back by GET /api/notifications (the catch-up after a reconnect), with the
// count of leads sold since the agent last opened My Leads.
import { centsToDollars } from '#shared/money.ts';
import { NOTIFICATIONS_PAGE, UNSEEN_LEADS_MAX, type LivePush, type NotificationDto } from '#shared/api/notifications.ts';
import { LIVE_CONNECTION_HOURS, LiveConnection, LiveConnectionOwner } from '#entities/live-connection.ts';
import { LeadsSeen, Notification } from '#entities/notification.ts';
import { ConditionFailed } from '#platform/db.ts';
import { pushTo } from '#platform/live-push.ts';
import { logger } from '#platform/logger.ts';
import { emit } from '#platform/metrics.ts';

export const notificationId = (n: Pick<Notification, 'at' | 'sourceId'>): string => `${n.at}#${n.sourceId}`;

export function toNotificationDto(n: Notification): NotificationDto {
  return {
    NotificationId: notificationId(n),
    Kind: n.kind,
    At: n.at,
    LeadId: n.leadId ?? null,
    LeadNumber: n.userFacingLeadId ?? null,
    LeadName: n.leadName ?? null,
    OrderName: n.orderName ?? null,
    Price: n.priceCents !== undefined ? centsToDollars(n.priceCents) : null,
    DistributedTo: n.distributedTo ?? null,
    Decision: n.decision ?? null,
    Balance: n.balanceCents !== undefined ? centsToDollars(n.balanceCents) : null,
    Threshold: n.thresholdCents !== undefined ? centsToDollars(n.thresholdCents) : null,
  };
}

/** The newest notifications, newest first. */
export async function listNotifications(agentId: string): Promise<Notification[]> {
  const { items } = await Notification.query.ofAgent(agentId).page({ limit: NOTIFICATIONS_PAGE, newestFirst: true });
  return items;
}

/** Leads sold to the agent since they last opened My Leads, up to UNSEEN_LEADS_MAX. */
export async function unseenLeads(agentId: string): Promise<number> {
  const seen = await LeadsSeen.get({ agentId }, { consistent: true });
  const { items } = await Notification.query.ofAgent(agentId, seen?.seenAt).page({ limit: 4 * UNSEEN_LEADS_MAX, newestFirst: true, consistent: true });
  return Math.min(UNSEEN_LEADS_MAX, items.filter((n) => n.kind === 'LeadSold').length);
}

/** My Leads was opened: leads sold until now are seen (the marker only moves forward). */
export async function markLeadsSeen(agentId: string, now: Date): Promise<void> {
  const seenAt = now.toISOString();
  try {
    await LeadsSeen.put({ agentId, seenAt }, { condition: { expression: 'attribute_not_exists(seenAt) OR seenAt < :seenAt', values: { ':seenAt': seenAt } } });
  } catch (err) {
    if (!(err instanceof ConditionFailed)) throw err;
  }
}

/** Stores a notification unless it is already stored; true when this call stored it. */
export async function recordNotification(note: Notification): Promise<boolean> {
  try {
    await Notification.create(note);
    return true;
  } catch (err) {
    if (err instanceof ConditionFailed) return false;
    throw err;
  }
}

/**
 * Sends the notification to every open socket of its agent, with the unseen count after it. A socket
 * the gateway no longer has is forgotten; a failed push is only counted: the tab catches up when it reconnects.
 */
export async function pushNotification(note: Notification): Promise<void> {
  const connections = await LiveConnection.query.ofAgent(note.agentId).all();
  if (!connections.length) return;
  const message: LivePush = { Notification: toNotificationDto(note), UnseenLeads: await unseenLeads(note.agentId) };
  const outcomes = await Promise.all(
    connections.map(async (c) => {
      const outcome = await pushTo(c.connectionId, message);
      if (outcome === 'gone') await forgetConnection(c.agentId, c.connectionId);
      return outcome;
    }),
  );
  const sent = outcomes.filter((o) => o === 'sent').length;
  const failed = outcomes.filter((o) => o === 'failed').length;
  emit({ Kind: note.kind }, { livePushes: sent, livePushFailures: failed });
  if (failed) logger.warn('Live push: some sockets could not be reached', { kind: note.kind, failed });
}

/** A socket opened: remembered until it closes, or until the gateway's connection limit has passed. */
export async function rememberConnection(agentId: string, connectionId: string, now: Date): Promise<void> {
  const item = { agentId, connectionId, connectedAt: now.toISOString(), ttl: Math.floor(now.getTime() / 1000) + LIVE_CONNECTION_HOURS * 3600 };
  await Promise.all([LiveConnection.put(item), LiveConnectionOwner.put(item)]);
}

/** A socket closed (or the gateway no longer has it). */
export async function forgetConnection(agentId: string | undefined, connectionId: string): Promise<void> {
  const owner = agentId ?? (await LiveConnectionOwner.get({ connectionId }))?.agentId;
  await Promise.all([LiveConnectionOwner.delete({ connectionId }), ...(owner ? [LiveConnection.delete({ agentId: owner, connectionId })] : [])]);
}
