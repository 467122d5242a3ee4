// CRM delivery (issue 23) through the real gateway, projector, DynamoDB Local stream, the local stand-in
// of SQS and the delivery worker, posting to a receiver on this machine. The queue and the worker run on
// a clock this file drives (no waiting on real time): a receiver that answers 500 to its first requests
// and is down (connection refused) for two minutes in the middle still gets each of 200 notifications
// exactly once by idempotency key, within the backoff schedule's time; a delivery that exhausts 24 hours
// of retries is parked, shown to staff, and replays once. The leads are sold by the real engine. Also: the endpoints' routes, who may use them,
// the secret shown once, and a signed body with the lead's fields under the CRM's names; in a deployed
// stack an IPv4 address written inside IPv6 is refused; Replay is refused while an attempt is in flight.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FIELD_MAP, IDEMPOTENCY_HEADER, RETRY_FOR_MS, SIGNATURE_HEADER, WEBHOOK_MESSAGES, type WebhookDto } from '#shared/api/webhooks.ts';
import { useApiHarness, type Session } from '../support/api-harness.ts';
import { useLeadFixture } from '../support/lead-fixture.ts';

const api = useApiHarness({ projector: true });
const fx = useLeadFixture(api, { idPrefix: 'H', codeLetter: 'H', names: { campaign: 'Hook', fund: 'Hook Fund' }, agentDefaults: { balanceCents: 50_000 } });

const { createLocalQueue, QUEUE_PREFIX, QUEUE_NAME } = await import('../../infra/local/local-queue.ts');
const { consume } = await import('../../functions/jobs/webhook-deliver.ts');
const { resetConfigForTests } = await import('#platform/config.ts');
const { resetSigningKeyForTests, verifySignature } = await import('#core/webhooks/signing.ts');
const { RETRY_BASE_MS, RETRY_MAX_MS } = await import('#core/webhooks/deliveries.ts');
const { endpointsAcrossAgents, listEndpoints } = await import('#core/webhooks/endpoints.ts');
const { WebhookDelivery, WebhookEndpoint } = await import('#entities/webhook.ts');

/** The clock of the queue and the worker. */
let clock = Date.now();
const now = () => clock;
const queue = createLocalQueue({ manual: true, now, consumer: (event) => consume(event, { now }) });

/** A CRM on this machine: records every request; answers 500 while `failFirst` lasts; refuses connections while down. */
interface Receipt {
  key: string;
  body: string;
  signature: string;
  status: number;
  contentType: string;
}
function receiver() {
  const receipts: Receipt[] = [];
  let failFirst = 0;
  let always: number | undefined;
  let holding = false;
  const held: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = () => {
        const status = always ?? (failFirst > 0 ? (failFirst--, 500) : 200);
        receipts.push({ key: String(req.headers[IDEMPOTENCY_HEADER.toLowerCase()]), body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers[SIGNATURE_HEADER.toLowerCase()]), status, contentType: String(req.headers['content-type']) });
        res.writeHead(status).end();
      };
      if (holding) held.push(answer);
      else answer();
    });
  });
  let port = 0;
  return {
    receipts,
    get url() {
      return `http://127.0.0.1:${port}/hook`;
    },
    failFirst: (n: number) => (failFirst = n),
    /** Requests wait unanswered (an attempt in flight) until `release`. */
    hold: () => (holding = true),
    release: () => ((holding = false), held.splice(0).forEach((answer) => answer())),
    get held() {
      return held.length;
    },
    answerAlways: (status: number | undefined) => (always = status),
    start: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => ((port = (server.address() as AddressInfo).port), resolve()))),
    /** Connection refused until started again (same port). */
    down: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
const crm = receiver();
const failingCrm = receiver();

beforeAll(async () => {
  api.gateway.mount(QUEUE_PREFIX, queue.listener);
  const base = api.url.replace('localhost', '127.0.0.1');
  Object.assign(process.env, { SQS_ENDPOINT: `${base}${QUEUE_PREFIX}`, DELIVERY_QUEUE_URL: `${base}${QUEUE_PREFIX}/${QUEUE_NAME}`, WEBHOOK_SIGNING_KEY: randomBytes(32).toString('hex') });
  resetConfigForTests();
  resetSigningKeyForTests();
  await Promise.all([crm.start(), failingCrm.start()]);
});
afterAll(async () => {
  await queue.stop();
  await Promise.all([crm.down(), failingCrm.down()]);
  for (const k of ['SQS_ENDPOINT', 'DELIVERY_QUEUE_URL', 'WEBHOOK_SIGNING_KEY']) delete process.env[k];
});

/** Lets the projector make and queue the deliveries, then works the queue until nothing is due before `until`. */
async function runQueueUntil(until: number): Promise<void> {
  for (;;) {
    await api.settled();
    const next = await queue.tick();
    if (next === undefined || next > until) {
      clock = Math.max(clock, until);
      return;
    }
    clock = Math.max(clock, next);
  }
}

const endpointBody = (url: string, over: Record<string, unknown> = {}) => ({ Url: url, Format: 'json' as const, FieldMap: DEFAULT_FIELD_MAP, Events: ['LeadSold' as const], Enabled: true, ...over });

async function agentWithEndpoint(state: string, zip: string, url: string, over: Record<string, unknown> = {}, balanceCents?: number) {
  const agent = await fx.agentWithOrder({ state, zip, withSession: true, ...(balanceCents ? { balanceCents } : {}) });
  const made = await api.call('webhooks.create', { params: { agentId: agent.agentId }, body: endpointBody(url, over), session: agent.session });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { ...agent, endpointId: made.body.Webhook.EndpointId, secret: made.body.Secret };
}

/** `n` leads through the real engine, sold in `state` to that state's one order (one after another: they race for it otherwise). */
async function sell(state: string, zip: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const outcome = await fx.intake({ lead: { stateCode: state, zipCode: zip, birthDate: '1970-05-01' } });
    if (outcome.status !== 'accepted' || outcome.result !== 'sold') throw new Error(`The lead did not sell: ${JSON.stringify(outcome)}`);
  }
}

describe('endpoints', () => {
  it('are the agent’s own: made with the secret shown once, listed without it, refused to another agent, and at most 3', async () => {
    const owner = await agentWithEndpoint('ND', '58501', crm.url);
    expect(owner.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const listed = await api.call('webhooks.list', { params: { agentId: owner.agentId }, session: owner.session });
    expect(listed.body.Webhooks).toHaveLength(1);
    expect(JSON.stringify(listed.body)).not.toContain(owner.secret);
    expect(listed.body.Webhooks[0]!.SecretLast4).toBe(owner.secret.slice(-4));

    const other = await fx.agentWithOrder({ state: 'SD', zip: '57501', withSession: true });
    const params = { agentId: owner.agentId, endpointId: owner.endpointId };
    expect((await api.call('webhooks.list', { params: { agentId: owner.agentId }, session: other.session })).status).toBe(403);
    expect((await api.call('webhooks.update', { params, body: endpointBody('https://evil.example/steal'), session: other.session })).status).toBe(403);
    expect((await api.call('webhooks.deliveries', { params, session: other.session })).status).toBe(403);
    expect((await api.call('webhooks.replay', { params: { ...params, deliveryId: 'x' }, session: other.session })).status).toBe(403);
    // Staff see, never point: an admin's update is refused.
    const admin = await api.sessionFor('admin');
    expect((await api.call('webhooks.list', { params: { agentId: owner.agentId }, session: admin })).status).toBe(200);
    expect((await api.call('webhooks.update', { params, body: endpointBody('https://evil.example/steal'), session: admin })).status).toBe(403);
    // Another agent's endpoint id under one's own agent id is not found.
    expect((await api.call('webhooks.deliveries', { params: { agentId: other.agentId, endpointId: owner.endpointId }, session: other.session })).status).toBe(404);

    for (let i = 0; i < 2; i++) expect((await api.call('webhooks.create', { params: { agentId: owner.agentId }, body: endpointBody(crm.url), session: owner.session })).status).toBe(201);
    const fourth = await api.call('webhooks.create', { params: { agentId: owner.agentId }, body: endpointBody(crm.url), session: owner.session });
    expect([fourth.status, fourth.errors]).toEqual([400, [WEBHOOK_MESSAGES.tooMany]]);
  });

  it('refuses addresses that are not http(s), http beyond localhost, bad mappings and no events', async () => {
    const agent = await fx.agentWithOrder({ state: 'MT', zip: '59601', withSession: true });
    const create = (body: Record<string, unknown>) => api.call('webhooks.create', { params: { agentId: agent.agentId }, body: body as never, session: agent.session });
    expect((await create(endpointBody('javascript:alert(1)'))).errors).toEqual([WEBHOOK_MESSAGES.url]);
    expect((await create(endpointBody('http://crm.example.com/hook'))).errors).toEqual([WEBHOOK_MESSAGES.url]);
    expect((await create(endpointBody(crm.url, { FieldMap: [{ Field: 'FirstName', Name: 'a' }, { Field: 'LastName', Name: 'a' }] }))).errors).toEqual([WEBHOOK_MESSAGES.duplicateName]);
    expect((await create(endpointBody(crm.url, { Events: [] }))).errors).toEqual([WEBHOOK_MESSAGES.noEvents]);
    expect((await create(null as never)).status).toBe(400);
    expect((await create(endpointBody(`https://crm.example.com/${'x'.repeat(2100)}`))).errors).toEqual([WEBHOOK_MESSAGES.url]);
    expect((await create({ ...endpointBody(crm.url), Url: null }))).toMatchObject({ status: 400, errors: [WEBHOOK_MESSAGES.url] });
    expect((await create(endpointBody(`${crm.url}\r\nX-Injected: 1`))).errors).toEqual([WEBHOOK_MESSAGES.url]);
  });

  it('rotates the secret: the new one is shown once and signs from then on', async () => {
    const owner = await agentWithEndpoint('WY', '82001', crm.url);
    const rotated = await api.call('webhooks.rotateSecret', { params: { agentId: owner.agentId, endpointId: owner.endpointId }, session: owner.session });
    expect(rotated.body.Secret).not.toBe(owner.secret);
    const test = await api.call('webhooks.sendTest', { params: { agentId: owner.agentId, endpointId: owner.endpointId }, session: owner.session });
    expect(test.body).toMatchObject({ Event: 'Test', State: 'delivered' });
    const receipt = crm.receipts.at(-1)!;
    expect(verifySignature(rotated.body.Secret, receipt.signature, receipt.body, Math.floor(Date.now() / 1000))).toBe(true);
    expect(verifySignature(owner.secret, receipt.signature, receipt.body, Math.floor(Date.now() / 1000))).toBe(false);
  });
});

describe('addresses in a deployed stack', () => {
  it('refuses an IPv4 address written inside IPv6 at save, and at connect for one stored before the rule', async () => {
    const stage = process.env.STAGE;
    process.env.STAGE = 'dev';
    resetConfigForTests();
    try {
      const agent = await fx.agentWithOrder({ state: 'MT', zip: '59601', withSession: true });
      const loopback = crm.url.replace('http://127.0.0.1', 'https://[::ffff:127.0.0.1]');
      for (const url of [loopback, 'https://[::ffff:a9fe:a9fe]/latest/meta-data', 'https://[64:ff9b::a9fe:a9fe]/', 'https://2130706433/hook']) {
        const made = await api.call('webhooks.create', { params: { agentId: agent.agentId }, body: endpointBody(url), session: agent.session });
        expect([url, made.status, made.errors]).toEqual([url, 400, [WEBHOOK_MESSAGES.privateAddress]]);
      }
      const stored = { agentId: agent.agentId, endpointId: 'wh-stored-before', url: loopback, format: 'json' as const, fieldMap: [{ field: 'FirstName' as const, name: 'FirstName' }], events: ['LeadSold' as const], enabled: true, secretVersion: 1, secretLast4: 'abcd', createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() };
      await WebhookEndpoint.create(stored);
      const before = crm.receipts.length;
      const test = await api.call('webhooks.sendTest', { params: { agentId: agent.agentId, endpointId: stored.endpointId }, session: agent.session });
      expect(test.body).toMatchObject({ State: 'parked', Attempts: [{ Status: null, Error: WEBHOOK_MESSAGES.privateAddress }] });
      expect(crm.receipts.length).toBe(before);
    } finally {
      if (stage === undefined) delete process.env.STAGE;
      else process.env.STAGE = stage;
      resetConfigForTests();
    }
  });
});

describe('a sold lead', () => {
  it('reaches the CRM signed, with its idempotency key and the lead’s fields under the CRM’s names, form-encoded', async () => {
    const agent = await agentWithEndpoint('NE', '68501', crm.url, { Format: 'form', FieldMap: [{ Field: 'FirstName', Name: 'first_name' }, { Field: 'PrimaryPhone', Name: 'phone' }, { Field: 'Price', Name: 'cost' }] });
    const before = crm.receipts.length;
    const posted = await fx.post({ FirstName: 'Robin', StateCode: 'NE', ZipCode: '68501', City: 'Lincoln' });
    expect(posted.body).toMatchObject({ Result: 'sold' });
    await runQueueUntil(clock);
    const receipt = crm.receipts.slice(before).find((r) => r.body.includes('Robin'))!;
    expect(receipt.contentType).toBe('application/x-www-form-urlencoded');
    const fields = Object.fromEntries(new URLSearchParams(receipt.body));
    expect(Object.keys(fields)).toEqual(['first_name', 'phone', 'cost']);
    expect(fields.first_name).toBe('Robin');
    expect(Number(fields.cost)).toBe(fx.prices.captiveCents / 100);
    expect(verifySignature(agent.secret, receipt.signature, receipt.body, Math.floor(clock / 1000))).toBe(true);
    const [delivery] = (await WebhookDelivery.query.ofEndpoint(agent.endpointId).all()).filter((d) => d.event === 'LeadSold');
    expect(receipt.key).toBe(`${agent.endpointId}:${delivery!.deliveryId}`);
    expect(delivery!.state).toBe('delivered');
  });
});

describe('a lead a split order gave another agent', () => {
  it("reaches the recipient's CRM, never the buyer's (two agents would call one person)", async () => {
    const { DEMO_AGENT_IDS } = await import('#core/seed/demo-users.ts');
    const { postEntry } = await import('#core/money/ledger.ts');
    const [buyerId, recipientId] = [DEMO_AGENT_IDS.sponsor, DEMO_AGENT_IDS.captive];
    const [buyer, recipient] = await Promise.all([api.sessionFor('sponsor agent'), api.sessionFor('captive agent')]);
    await postEntry({ agentId: buyerId, deltaCents: 50_000, type: 'AgentContribution', description: 'test money', idempotencyKey: `test:${fx.run}:split` });
    const endpoints: Record<string, string> = {};
    for (const [agentId, session] of [[buyerId, buyer], [recipientId, recipient]] as const) {
      const made = await api.call('webhooks.create', { params: { agentId }, body: endpointBody(crm.url), session });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      endpoints[agentId] = made.body.Webhook.EndpointId;
    }
    // Arizona: no other order of this file's fund buys there.
    await fx.fundOrder(buyerId, { state: 'AZ', recipientAgentId: recipientId });
    const posted = await fx.post({ FirstName: 'Sam', StateCode: 'AZ', ZipCode: '85004', City: 'Phoenix' });
    expect(posted.body).toMatchObject({ Result: 'sold' });
    await runQueueUntil(clock);

    const received = await WebhookDelivery.query.ofEndpoint(endpoints[recipientId]!).all();
    expect(received.map((d) => [d.event, d.state])).toEqual([['LeadSold', 'delivered']]);
    expect(await WebhookDelivery.query.ofEndpoint(endpoints[buyerId]!).all()).toEqual([]);
  });
});

describe('reliability', () => {
  it('delivers each of 200 sold leads exactly once through 500s and a two-minute outage, within the backoff schedule', async () => {
    const agent = await agentWithEndpoint('KS', '66601', crm.url, {}, 1_000_000);
    const start = clock;
    const before = crm.receipts.length;
    crm.failFirst(30);
    // Four waves of 50, 30 s apart; the CRM is down from 45 s to 165 s.
    const downAt = start + 45_000;
    const upAt = downAt + 120_000;
    let down = false;
    for (let wave = 0; wave < 4; wave++) {
      const waveAt = start + wave * 30_000;
      await runQueueUntil(waveAt);
      if (!down && clock >= downAt) await crm.down().then(() => (down = true));
      await sell('KS', '66601', 50);
      await api.settled();
      await runQueueUntil(Math.min(waveAt + 30_000, downAt));
      if (!down && clock >= downAt) await crm.down().then(() => (down = true));
    }
    await runQueueUntil(upAt);
    await crm.start();
    await runQueueUntil(upAt + 2 * RETRY_MAX_MS);

    const deliveries = (await WebhookDelivery.query.ofEndpoint(agent.endpointId).all()).filter((d) => d.event === 'LeadSold');
    expect(deliveries).toHaveLength(200);
    expect(deliveries.filter((d) => d.state !== 'delivered')).toEqual([]);
    const ok = crm.receipts.slice(before).filter((r) => r.status === 200);
    const keys = ok.map((r) => r.key);
    expect(new Set(keys).size).toBe(200);
    expect(keys).toHaveLength(200);
    expect(ok.every((r) => verifySignature(agent.secret, r.signature, r.body, Math.floor(clock / 1000), 2 * 86_400))).toBe(true);
    // Each within its schedule: the first attempt plus the longest wait after each failure.
    for (const d of deliveries) {
      const failures = d.attempts.length - 1;
      const bound = Array.from({ length: failures }, (_, i) => Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** i)).reduce((a, b) => a + b, 0);
      expect(Date.parse(d.attempts.at(-1)!.at) - Date.parse(d.attempts[0]!.at)).toBeLessThanOrEqual(bound);
    }
    // The outage and the 500s were met and retried through.
    expect(deliveries.some((d) => d.attempts.some((a) => a.status === 500))).toBe(true);
    expect(deliveries.some((d) => d.attempts.some((a) => a.status === undefined && a.error))).toBe(true);
    // 200 sales through the real engine: a limit that catches a hang, not a busy CI machine (90 s was met there).
  }, 360_000);

  it('parks a delivery after 24 hours of failures, shows it to staff, and replays it once', async () => {
    const agent = await agentWithEndpoint('ID', '83701', failingCrm.url);
    failingCrm.answerAlways(503);
    await sell('ID', '83701', 1);
    await runQueueUntil(clock + RETRY_FOR_MS + 2 * RETRY_MAX_MS);
    const [parked] = await WebhookDelivery.query.ofEndpoint(agent.endpointId).all();
    expect(parked!.state).toBe('parked');
    expect(parked!.attempts.length).toBeGreaterThan(10);

    const admin: Session = await api.sessionFor('admin');
    const failures = await api.call('webhooks.failures', { session: admin });
    expect(failures.body.Deliveries.find((d) => d.DeliveryId === parked!.deliveryId)).toMatchObject({ State: 'parked', AgentId: agent.agentId, EndpointId: agent.endpointId });
    expect((await api.call('webhooks.failures', { session: agent.session })).status).toBe(403);
    // Every agent's endpoints, failing ones first: this one is among them, before any that is not failing.
    const endpoints = await api.call('webhooks.endpoints', { session: admin });
    const failingFirst = endpoints.body.Endpoints.map((e) => e.FailingSince !== null);
    expect(failingFirst).toEqual([...failingFirst].sort((a, b) => Number(b) - Number(a)));
    expect(endpoints.body.Endpoints.find((e) => e.EndpointId === agent.endpointId)).toMatchObject({ AgentId: agent.agentId, FailingSince: expect.any(String), Parked: 1 });
    expect((await api.call('webhooks.endpoints', { session: agent.session })).status).toBe(403);
    const listed = await api.call('webhooks.list', { params: { agentId: agent.agentId }, session: agent.session });
    expect(listed.body.Webhooks[0]).toMatchObject({ Parked: 1 });
    // Failing for over an hour by the worker's clock (this file's, ahead of the server's): the agent's banner.
    expect((await listEndpoints(agent.agentId, new Date(clock))).failingLong).toBe(true);

    failingCrm.answerAlways(undefined);
    const before = failingCrm.receipts.length;
    const params = { agentId: agent.agentId, endpointId: agent.endpointId, deliveryId: parked!.deliveryId };
    expect((await api.call('webhooks.replay', { params, session: agent.session })).body.State).toBe('pending');
    await runQueueUntil(clock);
    const after = failingCrm.receipts.slice(before);
    expect(after.map((r) => [r.key, r.status])).toEqual([[`${agent.endpointId}:${parked!.deliveryId}`, 200]]);
    expect((await WebhookDelivery.get({ endpointId: agent.endpointId, deliveryId: parked!.deliveryId }))!.state).toBe('delivered');
    expect((await listEndpoints(agent.agentId, new Date(clock))).failingLong).toBe(false);
    expect((await api.call('webhooks.list', { params: { agentId: agent.agentId }, session: agent.session })).body.Banner).toBeNull();
    const healed = (await api.call('webhooks.endpoints', { session: admin })).body.Endpoints.find((e) => e.EndpointId === agent.endpointId);
    expect(healed).toMatchObject({ FailingSince: null });
  });
});

describe('replay', () => {
  it('of a failed test posts it once more, in the log only: no retries, no staff failure, no banner', async () => {
    const deadCrm = receiver();
    await deadCrm.start();
    try {
      const agent = await agentWithEndpoint('NM', '87501', deadCrm.url);
      deadCrm.answerAlways(500);
      const sent = await api.call('webhooks.sendTest', { params: { agentId: agent.agentId, endpointId: agent.endpointId }, session: agent.session });
      expect(sent.body.State).toBe('parked');
      const params = { agentId: agent.agentId, endpointId: agent.endpointId, deliveryId: sent.body.DeliveryId };
      expect((await api.call('webhooks.replay', { params, session: agent.session })).status).toBe(200);
      await runQueueUntil(clock + RETRY_FOR_MS + 2 * RETRY_MAX_MS);

      expect(deadCrm.receipts.map((r) => r.status)).toEqual([500, 500]);
      const stored = await WebhookDelivery.get({ endpointId: agent.endpointId, deliveryId: sent.body.DeliveryId });
      expect(stored).toMatchObject({ state: 'parked', round: 1 });
      expect(stored!.failingSince).toBeUndefined();
      const admin: Session = await api.sessionFor('admin');
      expect((await api.call('webhooks.failures', { session: admin })).body.Deliveries.some((d) => d.DeliveryId === sent.body.DeliveryId)).toBe(false);
      expect((await api.call('webhooks.endpoints', { session: admin })).body.Endpoints.find((e) => e.EndpointId === agent.endpointId)).toMatchObject({ FailingSince: null });
      expect((await listEndpoints(agent.agentId, new Date(clock + 2 * 3_600_000))).failingLong).toBe(false);
    } finally {
      await deadCrm.down();
    }
  });

  it('is refused while an attempt of the delivery is in flight: the CRM gets it once and the log keeps that attempt', async () => {
    // The worker's clock (its lease) no earlier than the server's.
    clock = Math.max(clock, Date.now());
    const slowCrm = receiver();
    await slowCrm.start();
    try {
      const agent = await agentWithEndpoint('WY', '82001', slowCrm.url);
      const sent = await api.call('webhooks.sendTest', { params: { agentId: agent.agentId, endpointId: agent.endpointId }, session: agent.session });
      expect(sent.body.State).toBe('delivered');
      const params = { agentId: agent.agentId, endpointId: agent.endpointId, deliveryId: sent.body.DeliveryId };
      expect((await api.call('webhooks.replay', { params, session: agent.session })).status).toBe(200);

      slowCrm.hold();
      const working = queue.tick();
      await expect.poll(() => slowCrm.held, { timeout: 10_000 }).toBe(1);
      const again = await api.call('webhooks.replay', { params, session: agent.session });
      const byStaff = await api.call('webhooks.replay', { params, session: await api.sessionFor('admin') });
      slowCrm.release();
      await working;
      await runQueueUntil(clock);

      expect([again.status, again.errors]).toEqual([409, [WEBHOOK_MESSAGES.replayInFlight]]);
      expect(byStaff.status).toBe(409);
      expect(slowCrm.receipts.map((r) => r.key)).toEqual([`${agent.endpointId}:${sent.body.DeliveryId}`, `${agent.endpointId}:${sent.body.DeliveryId}`]);
      const stored = await WebhookDelivery.get({ endpointId: agent.endpointId, deliveryId: sent.body.DeliveryId });
      expect(stored).toMatchObject({ state: 'delivered', round: 1 });
      expect(stored!.attempts.map((a) => a.status)).toEqual([200, 200]);
    } finally {
      slowCrm.release();
      await slowCrm.down();
    }
  });
});

describe('the staff list of endpoints', () => {
  it('pages through every agent’s endpoints, failing ones first, each once', async () => {
    const failing = await agentWithEndpoint('WY', '82001', failingCrm.url);
    await WebhookEndpoint.patch({ agentId: failing.agentId, endpointId: failing.endpointId }, { set: { failingSince: new Date(clock).toISOString() } });
    await agentWithEndpoint('WY', '82001', crm.url);
    const seen: (WebhookDto & { AgentId: string })[] = [];
    let cursor: string | undefined;
    do {
      const page = await endpointsAcrossAgents(cursor, 2);
      expect(page.endpoints.length).toBeLessThanOrEqual(2);
      seen.push(...page.endpoints);
      cursor = page.cursor;
    } while (cursor);
    // The same endpoints as one long page, in the same order, each once; the two made here among them.
    const whole = (await endpointsAcrossAgents(undefined, 1000)).endpoints.map((e) => e.EndpointId);
    expect(seen.map((e) => e.EndpointId)).toEqual(whole);
    expect(new Set(whole).size).toBe(whole.length);
    expect(whole).toEqual(expect.arrayContaining([failing.endpointId]));
    expect(whole.length).toBeGreaterThan(3);
    const order = seen.map((e) => (e.FailingSince ? `0#${e.FailingSince}#${e.AgentId}` : `1#${e.AgentId}`));
    expect(order).toEqual([...order].sort());
    expect(seen.findIndex((e) => e.EndpointId === failing.endpointId)).toBeLessThan(seen.findIndex((e) => e.FailingSince === null));
  });
});
