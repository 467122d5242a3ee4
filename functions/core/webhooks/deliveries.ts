// Webhook deliveries (issue 23): made from a notification for each of the agent's enabled endpoints
// that want its event (the projector's webhook-deliveries view), worked from the delivery queue: the
// body is built once (the lead's fields under the CRM's names), signed, sent with the delivery's id as
// its idempotency key, and its attempt recorded. Network errors, timeouts, 5xx and 429 are retried
// with exponential backoff and jitter for 24 hours; then, or at once for another 4xx, the delivery is
// parked where the agent and staff see it, and Replay sends it again (same idempotency key).
import { randomUUID } from 'node:crypto';
import { centsToDollars } from '#shared/money.ts';
import type { NotificationKind } from '#shared/api/notifications.ts';
import { DELIVERY_TIMEOUT_MS, EVENT_HEADER, FAILING_BANNER_MS, IDEMPOTENCY_HEADER, RETRY_FOR_MS, SAMPLE_LEAD, SIGNATURE_HEADER, WEBHOOK_MESSAGES, deliveryBody, encodedBody, type FieldMap, type LeadValues } from '#shared/api/webhooks.ts';
import { Lead } from '#entities/lead.ts';
import type { Notification } from '#entities/notification.ts';
import { ATTEMPTS_KEPT, DELIVERY_KEEP_DAYS, WebhookDelivery, WebhookEndpoint, type DeliveryAttempt } from '#entities/webhook.ts';
import { ConditionFailed } from '#platform/db.ts';
import { Conflict } from '#platform/errors.ts';
import { logger } from '#platform/logger.ts';
import { emit } from '#platform/metrics.ts';
import { enqueue, MAX_DELAY_SECONDS } from '#platform/queue.ts';
import { postDelivery, type SendResult } from './sender.ts';
import { endpointSecret, signatureHeader } from './signing.ts';

/** What a queue message names. */
export interface DeliveryMessage {
  endpointId: string;
  deliveryId: string;
  round: number;
  /** Not before this time (ISO): a wait longer than the queue's delay is sent again until due. */
  notBefore?: string;
}

export const RETRY_BASE_MS = 10_000;
export const RETRY_MAX_MS = 3_600_000;
/** How long a worker holds a delivery while it posts (a crashed worker's claim lapses). */
const LEASE_MS = DELIVERY_TIMEOUT_MS + 20_000;

/** The wait after the n-th failed attempt (1 for the first): half to all of min(1 h, 10 s × 2^(n-1)). */
export function retryDelayMs(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** Whether an answer (or its absence) is worth another attempt: no answer, 5xx, 429. */
export const isRetryable = (r: SendResult): boolean => r.status === undefined || r.status >= 500 || r.status === 429;

export interface WorkOptions {
  now?: () => number;
  random?: () => number;
  /** Where a retry is queued (the delivery queue by default). */
  send?: (message: DeliveryMessage, delayMs: number) => Promise<void>;
}

const iso = (ms: number) => new Date(ms).toISOString();
const ttlOf = (ms: number) => Math.floor(ms / 1000) + DELIVERY_KEEP_DAYS * 86_400;
const toMap = (fieldMap: { field: FieldMap[number]['Field']; name: string }[]): FieldMap => fieldMap.map((f) => ({ Field: f.field, Name: f.name }));

/**
 * The deliveries a new notification makes: one per enabled endpoint of its agent that wants its kind,
 * created only if absent (a record delivered again makes none), and the messages to queue for them.
 */
export async function deliveriesFor(note: Notification): Promise<DeliveryMessage[]> {
  const endpoints = (await WebhookEndpoint.query.ofAgent(note.agentId).all()).filter((e) => e.enabled && e.events.includes(note.kind));
  const messages: DeliveryMessage[] = [];
  for (const endpoint of endpoints) {
    const deliveryId = `${note.at}#${note.sourceId}`;
    try {
      await WebhookDelivery.create({
        endpointId: endpoint.endpointId,
        agentId: note.agentId,
        deliveryId,
        event: note.kind,
        at: note.at,
        state: 'pending',
        ...(note.leadId ? { leadId: note.leadId } : {}),
        ...(note.orderName ? { orderName: note.orderName } : {}),
        ...(note.priceCents !== undefined ? { priceCents: note.priceCents } : {}),
        ...(note.decision ? { decision: note.decision } : {}),
        ...(note.balanceCents !== undefined ? { balanceCents: note.balanceCents } : {}),
        ...(note.thresholdCents !== undefined ? { thresholdCents: note.thresholdCents } : {}),
        attempts: [],
        round: 0,
        version: 0,
        ttl: ttlOf(Date.parse(note.at)),
      });
    } catch (err) {
      if (!(err instanceof ConditionFailed)) throw err;
      // Made by an earlier delivery of this record: queued again only if it never got to its first attempt.
      const existing = await WebhookDelivery.get({ endpointId: endpoint.endpointId, deliveryId }, { consistent: true });
      if (!existing || existing.state !== 'pending' || existing.attempts.length > 0) continue;
    }
    messages.push({ endpointId: endpoint.endpointId, deliveryId, round: 0 });
  }
  return messages;
}

/** The lead's values a mapping picks from (the notification's when the lead is gone: retention). */
async function leadValues(d: WebhookDelivery): Promise<LeadValues> {
  const base: LeadValues = {
    ...(d.orderName ? { OrderName: d.orderName } : {}),
    ...(d.priceCents !== undefined ? { Price: centsToDollars(d.priceCents) } : {}),
    SoldAt: d.at,
  };
  const lead = d.leadId ? await Lead.get({ leadId: d.leadId }) : undefined;
  if (!lead) return base;
  return {
    ...base,
    LeadId: lead.userFacingLeadId,
    FirstName: lead.firstName,
    LastName: lead.lastName,
    ...(lead.email ? { Email: lead.email } : {}),
    PrimaryPhone: lead.primaryPhone,
    ...(lead.address1 ? { Address1: lead.address1 } : {}),
    ...(lead.city ? { City: lead.city } : {}),
    StateCode: lead.stateCode,
    ZipCode: lead.zipCode,
    ...(lead.birthDate ? { BirthDate: lead.birthDate } : {}),
    ...(lead.gender ? { Gender: lead.gender } : {}),
    CampaignName: lead.campaignName,
    ...(lead.universalLeadId ? { UniversalLeadId: lead.universalLeadId } : {}),
  };
}

/** The body of a delivery: a sold lead's mapped fields; the other events say what happened. */
async function bodyOf(d: WebhookDelivery, map: FieldMap, format: 'json' | 'form'): Promise<{ body: string; contentType: string }> {
  switch (d.event as NotificationKind | 'Test') {
    case 'LeadSold':
      return deliveryBody(await leadValues(d), map, format);
    case 'Test':
      return deliveryBody(SAMPLE_LEAD, map, format);
    default: {
      const fields: Record<string, string | number> = { Event: d.event, At: d.at };
      if (d.leadId) {
        const lead = await Lead.get({ leadId: d.leadId });
        if (lead) fields.LeadId = lead.userFacingLeadId;
      }
      if (d.decision) fields.Decision = d.decision;
      if (d.balanceCents !== undefined) fields.Balance = centsToDollars(d.balanceCents);
      if (d.thresholdCents !== undefined) fields.Threshold = centsToDollars(d.thresholdCents);
      return encodedBody(Object.entries(fields), format);
    }
  }
}

/** Writes `next` over `current` if nobody wrote since it was read. */
async function writeOver(current: WebhookDelivery, next: WebhookDelivery): Promise<boolean> {
  try {
    await WebhookDelivery.put({ ...next, version: current.version + 1 }, { condition: { expression: '#v = :v', names: { '#v': 'version' }, values: { ':v': current.version } } });
    return true;
  } catch (err) {
    if (err instanceof ConditionFailed) return false;
    throw err;
  }
}

const attemptOf = (at: number, r: SendResult): DeliveryAttempt => ({ at: iso(at), latencyMs: r.latencyMs, ...(r.status !== undefined ? { status: r.status } : {}), ...(r.error ? { error: r.error.slice(0, 200) } : {}) });

/** Posts the delivery once (signed, with its idempotency key) and answers what came back. */
async function post(d: WebhookDelivery, url: string, secret: string, body: string, contentType: string, now: () => number): Promise<SendResult> {
  const headers = {
    'content-type': contentType,
    [SIGNATURE_HEADER]: signatureHeader(secret, Math.floor(now() / 1000), body),
    [IDEMPOTENCY_HEADER]: `${d.endpointId}:${d.deliveryId}`,
    [EVENT_HEADER]: d.event,
  };
  return postDelivery(url, body, headers, DELIVERY_TIMEOUT_MS, now);
}

/** Works one queued message: one attempt of its delivery, then done, a retry queued, or parked. */
export async function workDelivery(message: DeliveryMessage, options: WorkOptions = {}): Promise<void> {
  const now = options.now ?? Date.now;
  const send = options.send ?? ((m, delay) => enqueue(m, delay));
  const due = message.notBefore ? Date.parse(message.notBefore) : 0;
  if (due > now()) return send(message, Math.min(due - now(), MAX_DELAY_SECONDS * 1000));

  const current = await WebhookDelivery.get({ endpointId: message.endpointId, deliveryId: message.deliveryId }, { consistent: true });
  if (!current || current.round !== message.round || current.state === 'delivered' || current.state === 'parked') return;
  if (current.leaseUntil && Date.parse(current.leaseUntil) > now()) return;
  const endpoint = await WebhookEndpoint.get({ agentId: current.agentId, endpointId: current.endpointId }, { consistent: true });
  const start = now();
  // A test (Send test, or its replay) is posted once and neither marks nor clears the endpoint as
  // failing: it is in the log, not in the staff failures nor behind the agent's banner.
  const test = current.event === 'Test';
  if (!endpoint || !endpoint.enabled) {
    // Kept for Replay once the endpoint is on again; not sent meanwhile.
    const attempts = [...current.attempts, attemptOf(start, { latencyMs: 0, error: endpoint ? 'endpoint turned off' : 'endpoint removed' })].slice(-ATTEMPTS_KEPT);
    await writeOver(current, { ...current, state: 'parked', attempts, ...(test ? {} : { failingSince: current.failingSince ?? iso(start) }) });
    return;
  }

  const built = current.body && current.contentType ? { body: current.body, contentType: current.contentType } : await bodyOf(current, toMap(endpoint.fieldMap), endpoint.format);
  const claimed = { ...current, ...built, body: built.body, contentType: built.contentType, leaseUntil: iso(start + LEASE_MS), firstAttemptAt: current.firstAttemptAt ?? iso(start) };
  // Another worker holds it (a message queued twice): only one posts.
  if (!(await writeOver(current, claimed))) return;
  const held = { ...claimed, version: current.version + 1 };

  const result = await post(held, endpoint.url, await endpointSecret(endpoint.endpointId, endpoint.secretVersion), built.body, built.contentType, now);
  const end = now();
  const attempts = [...held.attempts, attemptOf(end, result)].slice(-ATTEMPTS_KEPT);
  const { leaseUntil: _released, nextAttemptAt: _next, ...rest } = held;
  const ok = result.status !== undefined && result.status >= 200 && result.status < 300;
  const failures = attempts.filter((a) => !(a.status !== undefined && a.status >= 200 && a.status < 300)).length;
  const delay = retryDelayMs(Math.max(1, failures), options.random);
  const withinWindow = end + delay - Date.parse(held.firstAttemptAt) <= RETRY_FOR_MS;

  if (ok) {
    const { failingSince: _cleared, ...delivered } = rest;
    await writeOver(held, { ...delivered, state: 'delivered', attempts });
    if (endpoint.failingSince && !test) await WebhookEndpoint.patch({ agentId: endpoint.agentId, endpointId: endpoint.endpointId }, { remove: ['failingSince'] }).catch(() => undefined);
    emit({ Outcome: 'delivered' }, { webhookDeliveries: 1 });
    return;
  }
  if (test) {
    await writeOver(held, { ...rest, state: 'parked', attempts });
    return;
  }
  const failingSince = held.failingSince ?? iso(end);
  // An endpoint failing for over an hour: its agent sees a banner, and the alarm counts it at each failed attempt.
  if (endpoint.failingSince && end - Date.parse(endpoint.failingSince) >= FAILING_BANNER_MS) emit({}, { webhookEndpointFailing: 1 });
  if (!endpoint.failingSince)
    await WebhookEndpoint.patch(
      { agentId: endpoint.agentId, endpointId: endpoint.endpointId },
      { set: { failingSince: iso(end) } },
      { condition: { expression: 'attribute_not_exists(failingSince)' } },
    ).catch((err: unknown) => {
      if (!(err instanceof ConditionFailed)) throw err;
    });
  if (isRetryable(result) && withinWindow) {
    const nextAttemptAt = iso(end + delay);
    if (await writeOver(held, { ...rest, state: 'retrying', attempts, failingSince, nextAttemptAt })) await send({ ...message, notBefore: nextAttemptAt }, Math.min(delay, MAX_DELAY_SECONDS * 1000));
    emit({ Outcome: 'retrying' }, { webhookDeliveries: 1 });
    return;
  }
  await writeOver(held, { ...rest, state: 'parked', attempts, failingSince });
  emit({ Outcome: 'parked' }, { webhookDeliveries: 1 });
  logger.warn('Webhook delivery parked', { event: held.event, attempts: attempts.length, status: result.status ?? null });
}

/**
 * Replay: the delivery goes out again (a new round, same idempotency key, a new 24 hours of retries).
 * Refused (409) while a worker holds it: a new round then would post it a second time beside the
 * attempt in flight, whose outcome could no longer be written to the log.
 */
export async function replayDelivery(endpointId: string, deliveryId: string, options: Pick<WorkOptions, 'send' | 'now'> = {}): Promise<WebhookDelivery | undefined> {
  const send = options.send ?? ((m, delay) => enqueue(m, delay));
  const now = options.now ?? Date.now;
  for (let i = 0; i < 3; i++) {
    const current = await WebhookDelivery.get({ endpointId, deliveryId }, { consistent: true });
    if (!current) return undefined;
    if (current.leaseUntil && Date.parse(current.leaseUntil) > now()) throw new Conflict(WEBHOOK_MESSAGES.replayInFlight);
    const { nextAttemptAt: _n, firstAttemptAt: _f, leaseUntil: _l, ...rest } = current;
    const next = { ...rest, state: 'pending' as const, round: current.round + 1 };
    if (await writeOver(current, next)) {
      await send({ endpointId, deliveryId, round: next.round }, 0);
      emit({ Outcome: 'replayed' }, { webhookDeliveries: 1 });
      return { ...next, version: current.version + 1 };
    }
  }
  return undefined;
}

/** Send test: a sample lead posted now, once, recorded in the endpoint's log. */
export async function sendTest(agentId: string, endpointId: string, options: WorkOptions = {}): Promise<WebhookDelivery | undefined> {
  const now = options.now ?? Date.now;
  const endpoint = await WebhookEndpoint.get({ agentId, endpointId }, { consistent: true });
  if (!endpoint) return undefined;
  const at = now();
  const built = deliveryBody(SAMPLE_LEAD, toMap(endpoint.fieldMap), endpoint.format);
  const delivery: WebhookDelivery = {
    endpointId,
    agentId,
    deliveryId: `${iso(at)}#test-${randomUUID()}`,
    event: 'Test',
    at: iso(at),
    state: 'pending',
    ...built,
    attempts: [],
    firstAttemptAt: iso(at),
    round: 0,
    version: 0,
    ttl: ttlOf(at),
  };
  const result = await post(delivery, endpoint.url, await endpointSecret(endpointId, endpoint.secretVersion), built.body, built.contentType, now);
  const ok = result.status !== undefined && result.status >= 200 && result.status < 300;
  // A failed test is in the endpoint's log, not in the staff view's failures (no failingSince).
  const done: WebhookDelivery = { ...delivery, state: ok ? 'delivered' : 'parked', attempts: [attemptOf(now(), result)] };
  await WebhookDelivery.create(done);
  return done;
}
