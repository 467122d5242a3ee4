// The delivery log of an endpoint (newest first, paged) and the staff view of failures across agents
// (parked first, then retrying, oldest failure first), read from the deliveries' items and their sparse index.
import type { DeliveryDto } from '#shared/api/webhooks.ts';
import { FAILURE_SHARDS, WebhookDelivery, WebhookEndpoint } from '#entities/webhook.ts';
import { NotFound } from '#platform/errors.ts';

const LOG_PAGE = 25;
const FAILURES_MAX = 200;

export function toDeliveryDto(d: WebhookDelivery): DeliveryDto {
  return {
    DeliveryId: d.deliveryId,
    Event: d.event,
    At: d.at,
    State: d.state,
    Attempts: d.attempts.map((a) => ({ At: a.at, Status: a.status ?? null, LatencyMs: a.latencyMs, Error: a.error ?? null })),
    NextAttemptAt: d.state === 'retrying' ? (d.nextAttemptAt ?? null) : null,
    Body: d.body ?? null,
  };
}

export async function deliveryLog(endpointId: string, cursor?: string): Promise<{ deliveries: DeliveryDto[]; cursor?: string }> {
  const page = await WebhookDelivery.query.ofEndpoint(endpointId).page({ limit: LOG_PAGE, newestFirst: true, ...(cursor ? { cursor } : {}) });
  return { deliveries: page.items.map(toDeliveryDto), ...(page.cursor ? { cursor: page.cursor } : {}) };
}

/** One delivery of the agent's endpoint (404 for another agent's or none). */
export async function deliveryOf(agentId: string, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
  const d = await WebhookDelivery.get({ endpointId, deliveryId }, { consistent: true });
  if (!d || d.agentId !== agentId) throw new NotFound('Delivery not found.');
  return d;
}

export async function failures(): Promise<(DeliveryDto & { AgentId: string; EndpointId: string; Url: string })[]> {
  const shards = await Promise.all(Array.from({ length: FAILURE_SHARDS }, (_, i) => WebhookDelivery.query.failing(i).page({ limit: FAILURES_MAX })));
  const all = shards
    .flatMap((s) => s.items)
    .sort((a, b) => (a.state === b.state ? (a.failingSince ?? '').localeCompare(b.failingSince ?? '') : a.state === 'parked' ? -1 : 1))
    .slice(0, FAILURES_MAX);
  const endpoints = new Map<string, string>();
  for (const d of all)
    if (!endpoints.has(d.endpointId)) endpoints.set(d.endpointId, (await WebhookEndpoint.get({ agentId: d.agentId, endpointId: d.endpointId }))?.url ?? '(removed)');
  return all.map((d) => ({ ...toDeliveryDto(d), AgentId: d.agentId, EndpointId: d.endpointId, Url: endpoints.get(d.endpointId)! }));
}
