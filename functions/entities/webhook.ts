// CRM delivery (issue 23): an agent's webhook endpoints (facts the agent saves) and their deliveries
// (one per notification and endpoint, made by the projector's webhook-deliveries view and worked by the
// delivery queue's consumer). A delivery keeps its attempts and the body it sent (the log), and while it
// is failing or parked it is in a sparse index that the staff view reads, failures first.
import { z } from 'zod';
import { NOTIFICATION_KINDS } from '#shared/api/notifications.ts';
import { DELIVERY_STATES, LEAD_FIELDS, WEBHOOK_FORMATS } from '#shared/api/webhooks.ts';
import { defineEntity } from '#platform/entity.ts';
import { hashShard } from '#platform/shard.ts';
import { agentPk } from './agent-profile.ts';

/** Deliveries are kept this long for the log and the staff view. */
export const DELIVERY_KEEP_DAYS = 30;
/** The staff view's index is spread over this many partitions. */
export const FAILURE_SHARDS = 4;
/** The staff list of endpoints across agents is spread over this many partitions. */
export const ENDPOINT_SHARDS = 4;
/** Attempts kept on a delivery (the newest). */
export const ATTEMPTS_KEPT = 40;

export const WebhookEndpoint = defineEntity({
  entity: 'WebhookEndpoint',
  version: 1,
  schema: z.object({
    agentId: z.string(),
    endpointId: z.string(),
    url: z.string(),
    format: z.enum(WEBHOOK_FORMATS),
    fieldMap: z.array(z.object({ field: z.enum(LEAD_FIELDS), name: z.string() })),
    events: z.array(z.enum(NOTIFICATION_KINDS)),
    enabled: z.boolean(),
    /** Names the current secret (derived from the signing key and it; never stored): +1 on Rotate. */
    secretVersion: z.number().int().nonnegative(),
    secretLast4: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** The first failed attempt since the last success (cleared by a success). */
    failingSince: z.string().optional(),
  }),
  /** an agent's endpoints */
  key: (e: { agentId: string; endpointId: string }) => ({ pk: agentPk(e.agentId), sk: `HOOK#${e.endpointId}` }),
  queries: {
    ofAgent: (agentId: string) => ({ pk: agentPk(agentId), sk: { beginsWith: 'HOOK#' } }),
  },
  indexes: {
    /** every endpoint across agents, failing ones first (the longest failing first), then by agent (the staff view) */
    acrossAgents: {
      index: 'gsi3',
      attributes: ['failingSince', 'agentId', 'endpointId'],
      key: (e) => ({ pk: `HOOK_ENDPOINTS#${hashShard(e.endpointId, ENDPOINT_SHARDS)}`, sk: endpointOrderKey(e) }),
      query: (shard: number) => ({ pk: `HOOK_ENDPOINTS#${shard}` }),
    },
  },
});

/** An endpoint's place in the staff list: failing ones first, the longest failing first, then by agent. */
export function endpointOrderKey(e: { failingSince?: string | undefined; agentId: string; endpointId: string }): string {
  return e.failingSince ? `0#${e.failingSince}#${e.agentId}#${e.endpointId}` : `1#${e.agentId}#${e.endpointId}`;
}
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint.schema>;

const attempt = z.object({ at: z.string(), status: z.number().int().optional(), latencyMs: z.number().int().nonnegative(), error: z.string().optional() });
export type DeliveryAttempt = z.infer<typeof attempt>;

export const WebhookDelivery = defineEntity({
  entity: 'WebhookDelivery',
  version: 1,
  schema: z.object({
    endpointId: z.string(),
    agentId: z.string(),
    /** `{at}#{source}`: the notification's id (or `test-…`); also the deliveries' Idempotency-Key. */
    deliveryId: z.string(),
    event: z.enum([...NOTIFICATION_KINDS, 'Test']),
    at: z.string(),
    state: z.enum(DELIVERY_STATES),
    /** The notification's agent and fact (what the body is built from at the first attempt). */
    leadId: z.string().optional(),
    orderName: z.string().optional(),
    priceCents: z.number().int().optional(),
    decision: z.string().optional(),
    balanceCents: z.number().int().optional(),
    thresholdCents: z.number().int().optional(),
    body: z.string().optional(),
    contentType: z.string().optional(),
    attempts: z.array(attempt),
    firstAttemptAt: z.string().optional(),
    nextAttemptAt: z.string().optional(),
    /** When it started failing (the first failed attempt), for the staff view's order. */
    failingSince: z.string().optional(),
    /** Bumped on Replay: a message of an older round is stale. */
    round: z.number().int().nonnegative(),
    /** +1 on every write: each write is conditioned on the one it read (a worker's claim before it posts). */
    version: z.number().int().nonnegative(),
    /** A worker posting it holds it until then. */
    leaseUntil: z.string().optional(),
    ttl: z.number().int().optional(),
  }),
  /** an endpoint's deliveries by time */
  key: (d: { endpointId: string; deliveryId: string }) => ({ pk: `HOOK#${d.endpointId}`, sk: `DELIVERY#${d.deliveryId}` }),
  queries: {
    ofEndpoint: (endpointId: string) => ({ pk: `HOOK#${endpointId}`, sk: { beginsWith: 'DELIVERY#' } }),
  },
  indexes: {
    /** deliveries failing or parked, across agents, oldest failure first (sparse; the staff view) */
    failing: {
      index: 'gsi3',
      attributes: ['state', 'failingSince', 'endpointId', 'deliveryId'],
      when: (d) => (d.state === 'retrying' || d.state === 'parked') && d.failingSince !== undefined,
      key: (d) => ({ pk: `HOOK_FAILURES#${hashShard(d.endpointId, FAILURE_SHARDS)}`, sk: `${d.state === 'parked' ? 0 : 1}#${d.failingSince!}#${d.endpointId}#${d.deliveryId}` }),
      query: (shard: number) => ({ pk: `HOOK_FAILURES#${shard}` }),
    },
  },
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery.schema>;
