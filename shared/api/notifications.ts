// Live notifications (issue 23, beyond the spec): what an agent is told at once, in every open tab,
// when a lead is sold to them (or by their split order to another agent), a dispute on one of their
// leads is decided, or their balance falls below their alert threshold. The server pushes each over the live socket (LIVE_PATH) and keeps it,
// so a tab that was closed or reconnecting catches up from GET /notifications: no lead is only in a push.
import { z } from 'zod';
import { formatUsd } from '../money.ts';

/** The live socket's path on the site's origin (CloudFront routes it to the WebSocket API in AWS). */
export const LIVE_PATH = '/api/live';

/** How many notifications GET /notifications answers (the newest first), and the unseen count's ceiling. */
export const NOTIFICATIONS_PAGE = 20;
export const UNSEEN_LEADS_MAX = 99;

export const NOTIFICATION_KINDS = ['LeadSold', 'DisputeDecided', 'BalanceLow'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  NotificationId: z.string(),
  Kind: z.enum(NOTIFICATION_KINDS),
  /** When it happened (the sale, the decision, the debit), UTC ISO. */
  At: z.string(),
  /** The lead (LeadSold, DisputeDecided): its internal id (the link) and the number agents see. */
  LeadId: z.string().nullable(),
  LeadNumber: z.number().int().nullable(),
  /** The lead's first and last name (LeadSold). */
  LeadName: z.string().nullable(),
  /** The order that bought it and the price paid, in dollars (LeadSold). */
  OrderName: z.string().nullable(),
  Price: z.number().nullable(),
  /** LeadSold to the buyer of a split order whose lead went to another agent: that agent's name; else null. */
  DistributedTo: z.string().nullable(),
  /** Approved or Denied (DisputeDecided). */
  Decision: z.enum(['Approved', 'Denied']).nullable(),
  /** The balance after the debit and the threshold it fell below, in dollars (BalanceLow). */
  Balance: z.number().nullable(),
  Threshold: z.number().nullable(),
});
export type NotificationDto = z.infer<typeof notificationSchema>;

export const notificationsSchema = z.object({
  Notifications: z.array(notificationSchema),
  /** Leads sold to the agent since they last opened My Leads (at most UNSEEN_LEADS_MAX). */
  UnseenLeads: z.number().int().nonnegative(),
});
export type NotificationsDto = z.infer<typeof notificationsSchema>;

/** What the server pushes over the live socket: one notification, and the unseen count after it. */
export const livePushSchema = z.object({ Notification: notificationSchema, UnseenLeads: z.number().int().nonnegative() });
export type LivePush = z.infer<typeof livePushSchema>;

const usd = (dollars: number) => formatUsd(Math.round(dollars * 100));

/** The notification's title and line, the same in the toast, the list and the e-mail. */
export function notificationText(n: NotificationDto): { title: string; message: string } {
  switch (n.Kind) {
    case 'LeadSold':
      return {
        title: `New lead: ${n.LeadName ?? `#${n.LeadNumber ?? ''}`}`,
        message: `Order ${n.OrderName ?? ''}${n.Price !== null ? `, ${usd(n.Price)}` : ''}${n.DistributedTo ? `, distributed to ${n.DistributedTo}` : ''}`,
      };
    case 'DisputeDecided':
      return {
        title: `Dispute ${n.Decision === 'Approved' ? 'approved' : 'denied'}`,
        message: `The dispute of lead #${n.LeadNumber ?? ''} was ${n.Decision === 'Approved' ? 'approved and its price credited back' : 'denied'}.`,
      };
    case 'BalanceLow':
      return {
        title: 'Low lead balance',
        message: `Your lead balance of ${usd(n.Balance ?? 0)} is below your alert threshold of ${usd(n.Threshold ?? 0)}.`,
      };
  }
}

/** My Leads was opened: the unseen count starts again from now. */
export const seenLeadsSchema = z.object({ UnseenLeads: z.literal(0) });
