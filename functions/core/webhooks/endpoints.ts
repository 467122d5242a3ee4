// An agent's CRM endpoints (issue 23): at most MAX_WEBHOOKS, each an address checked for the stage
// (https, public in AWS), a body format, a field mapping and the events it wants. Its secret is derived,
// never stored (signing.ts): made with the endpoint and again on Rotate, and shown to the agent then only.
import { randomBytes } from 'node:crypto';
import { FAILING_BANNER_MS, MAX_WEBHOOKS, WEBHOOK_MESSAGES, type WebhookDto } from '#shared/api/webhooks.ts';
import type { NotificationKind } from '#shared/api/notifications.ts';
import { ENDPOINT_SHARDS, endpointOrderKey, WebhookDelivery, WebhookEndpoint } from '#entities/webhook.ts';
import { mergeInOrder } from '#core/leads/lead-months.ts';
import { ConditionFailed } from '#platform/db.ts';
import { NotFound, ValidationFailed } from '#platform/errors.ts';
import { urlProblem } from './sender.ts';
import { endpointSecret } from './signing.ts';

export interface EndpointInput {
  Url: string;
  Format: 'json' | 'form';
  FieldMap: { Field: WebhookEndpoint['fieldMap'][number]['field']; Name: string }[];
  Events: NotificationKind[];
  Enabled: boolean;
}

/** Deliveries of an endpoint counted as parked (the newest this many are looked at). */
const PARKED_LOOK = 200;
/** Endpoints per page of the staff list. */
export const ENDPOINTS_PAGE = 25;

export async function toWebhookDto(e: WebhookEndpoint): Promise<WebhookDto> {
  const recent = await WebhookDelivery.query.ofEndpoint(e.endpointId).page({ limit: PARKED_LOOK, newestFirst: true });
  return {
    EndpointId: e.endpointId,
    Url: e.url,
    Format: e.format,
    FieldMap: e.fieldMap.map((f) => ({ Field: f.field, Name: f.name })),
    Events: e.events,
    Enabled: e.enabled,
    SecretLast4: e.secretLast4,
    CreatedAt: e.createdAt,
    FailingSince: e.failingSince ?? null,
    Parked: recent.items.filter((d) => d.state === 'parked' && d.event !== 'Test').length,
  };
}

function checked(input: EndpointInput): Pick<WebhookEndpoint, 'url' | 'format' | 'fieldMap' | 'events' | 'enabled'> {
  const problem = urlProblem(input.Url);
  if (problem) throw new ValidationFailed(problem);
  return { url: input.Url, format: input.Format, fieldMap: input.FieldMap.map((f) => ({ field: f.Field, name: f.Name })), events: [...new Set(input.Events)], enabled: input.Enabled };
}

export async function listEndpoints(agentId: string, now: Date): Promise<{ endpoints: WebhookDto[]; failingLong: boolean }> {
  const endpoints = await WebhookEndpoint.query.ofAgent(agentId).all({ consistent: true });
  const failingLong = endpoints.some((e) => e.enabled && e.failingSince && now.getTime() - Date.parse(e.failingSince) >= FAILING_BANNER_MS);
  return { endpoints: await Promise.all(endpoints.map(toWebhookDto)), failingLong };
}

/**
 * The staff list: every agent's endpoints, failing ones first (the longest failing first), then by
 * agent, a page at a time. The index's shards are merged in that order; the cursor is the last
 * endpoint's place in it, and each shard resumes after it.
 */
export async function endpointsAcrossAgents(cursor?: string, pageSize = ENDPOINTS_PAGE): Promise<{ endpoints: (WebhookDto & { AgentId: string })[]; cursor?: string }> {
  const after = cursor ? { gt: cursor } : undefined;
  const shards = Array.from({ length: ENDPOINT_SHARDS }, (_, i) => WebhookEndpoint.query.acrossAgents(i).within(after));
  const taken: WebhookEndpoint[] = [];
  let more = false;
  for await (const e of mergeInOrder(
    shards.map((q) => (c: string | undefined) => q.page({ limit: pageSize + 1, ...(c ? { cursor: c } : {}) })),
    endpointOrderKey,
    false,
  )) {
    if (taken.length === pageSize) {
      more = true;
      break;
    }
    taken.push(e);
  }
  const endpoints = await Promise.all(taken.map(async (e) => ({ ...(await toWebhookDto(e)), AgentId: e.agentId })));
  return { endpoints, ...(more ? { cursor: endpointOrderKey(taken.at(-1)!) } : {}) };
}

export async function findEndpoint(agentId: string, endpointId: string): Promise<WebhookEndpoint> {
  const endpoint = await WebhookEndpoint.get({ agentId, endpointId }, { consistent: true });
  if (!endpoint) throw new NotFound('Endpoint not found.');
  return endpoint;
}

export async function createEndpoint(agentId: string, input: EndpointInput, now: Date): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const fields = checked(input);
  const existing = await WebhookEndpoint.query.ofAgent(agentId).all({ consistent: true });
  if (existing.length >= MAX_WEBHOOKS) throw new ValidationFailed(WEBHOOK_MESSAGES.tooMany);
  const endpointId = `wh-${randomBytes(9).toString('base64url')}`;
  const secret = await endpointSecret(endpointId, 1);
  const endpoint: WebhookEndpoint = { agentId, endpointId, ...fields, secretVersion: 1, secretLast4: secret.slice(-4), createdAt: now.toISOString(), updatedAt: now.toISOString() };
  await WebhookEndpoint.create(endpoint);
  return { endpoint, secret };
}

export async function updateEndpoint(agentId: string, endpointId: string, input: EndpointInput, now: Date): Promise<WebhookEndpoint> {
  const current = await findEndpoint(agentId, endpointId);
  const fields = checked(input);
  // Only what the agent changed is written (and updatedAt).
  const set = Object.fromEntries(Object.entries(fields).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(current[k as keyof typeof fields]))) as Partial<WebhookEndpoint>;
  if (Object.keys(set).length === 0) return current;
  await WebhookEndpoint.patch({ agentId, endpointId }, { set: { ...set, updatedAt: now.toISOString() } }, { condition: { expression: 'attribute_exists(pk)' }, orFail: () => new NotFound('Endpoint not found.') });
  return { ...current, ...set, updatedAt: now.toISOString() };
}

export async function deleteEndpoint(agentId: string, endpointId: string): Promise<void> {
  const removed = await WebhookEndpoint.delete({ agentId, endpointId }, { returnOld: true });
  if (!removed) throw new NotFound('Endpoint not found.');
}

/** A new secret (the old one stops signing at once): shown this once. */
export async function rotateSecret(agentId: string, endpointId: string, now: Date): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  for (;;) {
    const current = await findEndpoint(agentId, endpointId);
    const secretVersion = current.secretVersion + 1;
    const secret = await endpointSecret(endpointId, secretVersion);
    try {
      await WebhookEndpoint.patch(
        { agentId, endpointId },
        { set: { secretVersion, secretLast4: secret.slice(-4), updatedAt: now.toISOString() } },
        { condition: { expression: 'secretVersion = :v', values: { ':v': current.secretVersion } } },
      );
      return { endpoint: { ...current, secretVersion, secretLast4: secret.slice(-4) }, secret };
    } catch (err) {
      if (!(err instanceof ConditionFailed)) throw err;
    }
  }
}
