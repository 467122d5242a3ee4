// What an agent is told at once (issue 23): one item per sale, dispute decision or low-balance crossing
// that concerns them, kept in their partition newest last, written by the projector's notifications
// view from the fact's stream record (functions/core/views/notifications-view.ts). Named by the fact,
// created only if absent, so a record delivered again writes nothing and pushes nothing. The live
// socket pushes it; GET /api/notifications reads it back (the catch-up after a reconnect).
import { z } from 'zod';
import { NOTIFICATION_KINDS } from '#shared/api/notifications.ts';
import { defineEntity } from '#platform/entity.ts';
import { agentPk } from './agent-profile.ts';

/** Notifications are kept this long (the list shows the newest; My Leads keeps the leads themselves). */
export const NOTIFICATION_KEEP_DAYS = 30;

export const Notification = defineEntity({
  entity: 'Notification',
  version: 1,
  schema: z.object({
    agentId: z.string(),
    at: z.string(),
    /**
     * The fact's own name (`sale#{leadId}#{buyer}`, `distributed#{leadId}#{buyer}` for the buyer of a lead
     * their split order gave a recipient, `dispute#{leadId}#{buyer}`, `crossing#{entryId}`).
     */
    sourceId: z.string(),
    kind: z.enum(NOTIFICATION_KINDS),
    leadId: z.string().optional(),
    userFacingLeadId: z.number().int().optional(),
    leadName: z.string().optional(),
    orderName: z.string().optional(),
    priceCents: z.number().int().optional(),
    /** LeadSold told to the buyer of a split order whose lead went to another agent: that agent's name. */
    distributedTo: z.string().optional(),
    decision: z.enum(['Approved', 'Denied']).optional(),
    balanceCents: z.number().int().optional(),
    thresholdCents: z.number().int().optional(),
    ttl: z.number().int().optional(),
  }),
  /** an agent's notifications by time */
  key: (n: { agentId: string; at: string; sourceId: string }) => ({ pk: agentPk(n.agentId), sk: `NOTE#${n.at}#${n.sourceId}` }),
  queries: {
    /** newest last; `since` (exclusive) for those after a time */
    ofAgent: (agentId: string, since?: string) => ({ pk: agentPk(agentId), sk: since ? { between: [`NOTE#${since}~`, 'NOTE#~'] as const } : { beginsWith: 'NOTE#' } }),
  },
});
export type Notification = z.infer<typeof Notification.schema>;

/** When the agent last opened My Leads: leads sold after it count on the drawer's My Leads item. */
export const LeadsSeen = defineEntity({
  entity: 'LeadsSeen',
  version: 1,
  schema: z.object({ agentId: z.string(), seenAt: z.string() }),
  key: (s: { agentId: string }) => ({ pk: agentPk(s.agentId), sk: 'LEADS_SEEN' }),
});
export type LeadsSeen = z.infer<typeof LeadsSeen.schema>;
