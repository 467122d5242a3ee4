// One alert of one notification on one channel (issue 23): the claim taken before it is sent, and the
// outbox of the alerts held for the agent's quiet hours or for a retry. Named by the notification and
// the channel and created only if absent, so a stream record delivered again sends nothing twice.
// While queued (due when quiet hours end, or when a retry is) or being sent (due when the claim counts
// as stale: the sender died between claim and mark) it is in a sparse index the alertQueue job reads,
// sharded by agent so no partition takes every alert of a busy minute.
import { z } from 'zod';
import { ALERT_CHANNELS } from '#shared/api/alert-settings.ts';
import { NOTIFICATION_KINDS } from '#shared/api/notifications.ts';
import { defineEntity } from '#platform/entity.ts';
import { hashShard } from '#platform/shard.ts';
import { agentPk } from './agent-profile.ts';

/** Shards of the due index: at most a few thousand alerts a minute leave quiet hours together. */
export const ALERT_DUE_SHARDS = 4;
export const ALERT_DUE_PK = 'ALERTS_DUE#';

export const ALERT_DELIVERY_STATES = ['queued', 'sending', 'sent', 'dropped', 'skipped', 'failed'] as const;
export type AlertDeliveryState = (typeof ALERT_DELIVERY_STATES)[number];

export const AlertDelivery = defineEntity({
  entity: 'AlertDelivery',
  version: 1,
  schema: z.object({
    agentId: z.string(),
    /** The notification's `at` and `sourceId` (its key in the agent partition). */
    noteAt: z.string(),
    sourceId: z.string(),
    channel: z.enum(ALERT_CHANNELS),
    kind: z.enum(NOTIFICATION_KINDS),
    state: z.enum(ALERT_DELIVERY_STATES),
    /** queued: when to send it; sending: when the claim counts as stale and the job may take it over. */
    dueAt: z.string().optional(),
    /** Sends tried (a failed one is queued again with a back-off, up to a limit). */
    attempts: z.number().int().nonnegative(),
    /** Why it was dropped, skipped or failed (no personal data). */
    reason: z.string().optional(),
    createdAt: z.string(),
    sentAt: z.string().optional(),
    ttl: z.number().int(),
  }),
  /** an agent's alerts, by notification and channel */
  key: (d: { agentId: string; noteAt: string; sourceId: string; channel: string }) => ({ pk: agentPk(d.agentId), sk: `ALERT#${d.noteAt}#${d.sourceId}#${d.channel}` }),
  queries: {
    /** the alerts of one notification (both channels) */
    ofNotification: (agentId: string, noteAt: string, sourceId: string) => ({ pk: agentPk(agentId), sk: { beginsWith: `ALERT#${noteAt}#${sourceId}#` } }),
  },
  indexes: {
    /** alerts waiting (queued, or claimed and perhaps abandoned) by when they are due; sparse */
    due: {
      index: 'gsi3',
      attributes: ['state', 'dueAt', 'agentId', 'noteAt', 'sourceId', 'channel'],
      when: (d) => (d.state === 'queued' || d.state === 'sending') && d.dueAt !== undefined,
      key: (d) => ({ pk: `${ALERT_DUE_PK}${hashShard(d.agentId, ALERT_DUE_SHARDS)}`, sk: `${d.dueAt!}#${d.agentId}#${d.noteAt}#${d.sourceId}#${d.channel}` }),
      /** the shard's alerts due at or before `nowIso` */
      query: (shard: number, nowIso: string) => ({ pk: `${ALERT_DUE_PK}${shard}`, sk: { lt: `${nowIso}$` } }),
    },
  },
});
export type AlertDelivery = z.infer<typeof AlertDelivery.schema>;
