// Live notifications (issue 23) through the real gateway, projector and DynamoDB Local stream: the live
// socket opens only for an agent's session from the site's origin; a lead sold to an agent reaches every
// open socket of that agent (and only theirs) with the lead's name, order and price; GET /notifications
// catches a closed tab up and counts the leads not yet seen in My Leads; a record delivered again stores
// and pushes nothing more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LIVE_PATH, livePushSchema, type LivePush } from '#shared/api/notifications.ts';
import { ORIGIN, useApiHarness, type Session } from '../support/api-harness.ts';
import { useLeadFixture } from '../support/lead-fixture.ts';

const api = useApiHarness({ projector: true });
const fx = useLeadFixture(api, { idPrefix: 'N', codeLetter: 'N', names: { campaign: 'Live', fund: 'Live Fund' }, agentDefaults: { balanceCents: 50_000 } });

const { createLiveSockets, MANAGEMENT_PREFIX } = await import('../../infra/local/live-sockets.ts');
const { resetConfigForTests } = await import('#platform/config.ts');
const { Notification } = await import('#entities/notification.ts');
const { LiveConnection } = await import('#entities/live-connection.ts');

let live: ReturnType<typeof createLiveSockets>;
const opened: WebSocket[] = [];

beforeAll(() => {
  live = createLiveSockets();
  api.gateway.onUpgrade(live.upgrade);
  api.gateway.mount(MANAGEMENT_PREFIX, live.management);
  // The projector pushes through the gateway's management endpoint, as the local stack sets it.
  process.env.LIVE_PUSH_ENDPOINT = api.url.replace('localhost', '127.0.0.1');
  resetConfigForTests();
});
afterAll(async () => {
  for (const ws of opened) ws.terminate();
  await live.close();
  delete process.env.LIVE_PUSH_ENDPOINT;
});

interface OpenSocket {
  ws: WebSocket;
  messages: LivePush[];
  /** Resolves with the n-th message (1-based). */
  nth(n: number): Promise<LivePush>;
}

/** Opens the live socket as the browser would (the site's origin and the session cookie); resolves once open, rejects with the refusal's status. */
function openSocket(session: Session | undefined, origin = ORIGIN): Promise<OpenSocket> {
  const ws = new WebSocket(`${api.url.replace('http', 'ws')}${LIVE_PATH}`, { headers: { origin, ...(session ? { cookie: session.cookie } : {}) } });
  opened.push(ws);
  const messages: LivePush[] = [];
  const waiting: { n: number; resolve: (m: LivePush) => void }[] = [];
  ws.on('message', (data) => {
    messages.push(livePushSchema.parse(JSON.parse(String(data))));
    for (const w of waiting.filter((w) => messages.length >= w.n)) w.resolve(messages[w.n - 1]!);
  });
  const socket: OpenSocket = {
    ws,
    messages,
    nth: (n) => (messages.length >= n ? Promise.resolve(messages[n - 1]!) : new Promise((resolve) => waiting.push({ n, resolve }))),
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

describe('the live socket', () => {
  it('opens only for a signed-in agent from the site itself', async () => {
    await expect(openSocket(undefined)).rejects.toThrow('refused 401');
    const agent = await fx.agentWithOrder({ state: 'IL', zip: '60601', withSession: true });
    await expect(openSocket(agent.session, 'https://evil.example')).rejects.toThrow('refused 403');
    // Staff act for no agent: there is nothing to push to them.
    await expect(openSocket(await api.sessionFor('admin'))).rejects.toThrow('refused 403');
    const socket = await openSocket(agent.session);
    expect(await LiveConnection.query.ofAgent(agent.agentId).all()).toHaveLength(1);
    // Closing forgets it.
    const closed = new Promise((resolve) => socket.ws.once('close', resolve));
    socket.ws.close();
    await closed;
    await expect.poll(async () => (await LiveConnection.query.ofAgent(agent.agentId).all()).length).toBe(0);
  });
});

describe('a lead sold', () => {
  it("reaches every open tab of the agent, and no other agent's, and is kept for the catch-up", async () => {
    const buyer = await fx.agentWithOrder({ state: 'WI', zip: '53203', description: `Wisconsin order ${fx.run}`, withSession: true });
    const other = await fx.agentWithOrder({ state: 'MN', zip: '55401', withSession: true });
    const [tab1, tab2, otherTab] = await Promise.all([openSocket(buyer.session), openSocket(buyer.session), openSocket(other.session)]);

    const posted = await fx.post({ FirstName: 'Dana', LastName: 'Quick', StateCode: 'WI', ZipCode: '53203', City: 'Milwaukee' });
    expect(posted.body).toMatchObject({ Result: 'sold' });

    const [first, second] = await Promise.all([tab1.nth(1), tab2.nth(1)]);
    for (const push of [first, second]) {
      expect(push.Notification).toMatchObject({ Kind: 'LeadSold', LeadId: posted.body.LeadId, LeadNumber: posted.body.UserFacingLeadId, LeadName: 'Dana Quick', OrderName: `Wisconsin order ${fx.run}`, Price: fx.prices.captiveCents / 100 });
      expect(push.UnseenLeads).toBe(1);
    }
    await api.settled();
    expect(otherTab.messages).toEqual([]);

    // A tab opened later catches up from the server.
    const caughtUp = await api.call('me.notifications', { session: buyer.session });
    expect(caughtUp.body.UnseenLeads).toBe(1);
    expect(caughtUp.body.Notifications.map((n) => n.NotificationId)).toEqual([first.Notification.NotificationId]);
    expect((await api.call('me.notifications', { session: other.session })).body).toEqual({ Notifications: [], UnseenLeads: 0 });

    // Opening My Leads sees them.
    expect((await api.call('me.seeLeads', { session: buyer.session })).body).toEqual({ UnseenLeads: 0 });
    expect((await api.call('me.notifications', { session: buyer.session })).body.UnseenLeads).toBe(0);
  });

  it('is stored and pushed once when its stream record is delivered again', async () => {
    const buyer = await fx.agentWithOrder({ state: 'IA', zip: '50309', withSession: true });
    const tab = await openSocket(buyer.session);
    const posted = await fx.post({ StateCode: 'IA', ZipCode: '50309', City: 'Des Moines' });
    expect(posted.body).toMatchObject({ Result: 'sold' });
    await tab.nth(1);
    await api.settled();

    const { LeadSale } = await import('#entities/lead-sale.ts');
    const { notificationsView } = await import('#core/views/notifications-view.ts');
    const [sale] = await LeadSale.query.ofLead(posted.body.LeadId).all();
    const record = { eventId: 'again', eventName: 'INSERT' as const, sequenceNumber: '1', keys: { pk: `LEAD#${sale!.leadId}`, sk: `SALE#${sale!.agentId}` }, newImage: { ...sale!, entity: 'LeadSale' } };
    await notificationsView().apply(record);
    // The tab gets nothing more: a second push would have been sent before apply returned.
    expect(tab.messages).toHaveLength(1);
    expect(await Notification.query.ofAgent(buyer.agentId).all()).toHaveLength(1);
  });

  it('answers a session-less catch-up with 401 and a cross-site seen with 403', async () => {
    const buyer = await fx.agentWithOrder({ state: 'OH', zip: '43215', withSession: true });
    expect((await api.fetch('GET', '/notifications')).status).toBe(401);
    expect((await api.fetch('POST', '/notifications/seenLeads', { session: buyer.session, origin: 'https://evil.example' })).status).toBe(403);
  });
});

describe('other events', () => {
  it('tell the agent at once when their dispute is decided and when a sale takes the balance below their alert', async () => {
    const buyer = await fx.agentWithOrder({ state: 'NV', zip: '89501', withSession: true });
    const alert = await api.call('account.updateBalanceAlerts', { params: { agentId: buyer.agentId }, body: { LowBalanceAlert: 490, AutoRecharge: null }, session: buyer.session });
    expect(alert.status).toBe(200);
    const tab = await openSocket(buyer.session);

    const posted = await fx.post({ StateCode: 'NV', ZipCode: '89501', City: 'Reno' });
    expect(posted.body).toMatchObject({ Result: 'sold' });
    await api.settled();
    const kinds = async (n: number) => (await Promise.all(Array.from({ length: n }, (_, i) => tab.nth(i + 1)))).map((m) => m.Notification.Kind).sort();
    // The sale and the crossing it made ($500 less the price, below $490).
    expect(await kinds(2)).toEqual(['BalanceLow', 'LeadSold']);
    const low = tab.messages.find((m) => m.Notification.Kind === 'BalanceLow')!.Notification;
    expect(low).toMatchObject({ Threshold: 490, Balance: 500 - fx.prices.captiveCents / 100 });

    const { DisputeReason } = await import('#entities/dispute-reason.ts');
    await DisputeReason.put({ vendorId: fx.ids.vendor, vendorReason: 'NOTINTERESTED', userFacingReason: 'Not interested', position: 0 });
    const disputed = await api.call('leads.dispute', { session: buyer.session, body: { LeadId: posted.body.LeadId, VendorReason: 'NOTINTERESTED', UserComments: 'Never asked for a quote.' } });
    expect(disputed.status).toBe(201);
    if (disputed.body.DisputeStatus === 'Submitted') {
      const admin = await api.sessionFor('admin');
      expect((await api.call('leads.decideDispute', { session: admin, params: { leadId: posted.body.LeadId }, body: { AgentId: buyer.agentId, Decision: 'Deny', Reason: 'Checked the call recording.' } })).status).toBe(200);
    }
    const decided = (await tab.nth(3)).Notification;
    expect(decided).toMatchObject({ Kind: 'DisputeDecided', LeadId: posted.body.LeadId, LeadNumber: posted.body.UserFacingLeadId });
    expect(['Approved', 'Denied']).toContain(decided.Decision);
  });
});
