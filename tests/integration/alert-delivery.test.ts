// E-mail and SMS alerts (issue 23 part 2) through the real gateway, projector and DynamoDB Local stream:
// the settings routes (the agent's own only, every input parsed, a save writing only what changed), the
// SMS number proved by a texted code, a sold lead reaching the agent's mail and phone with no more of
// the lead than the name, phone and link, a stream record delivered again sending nothing more, quiet
// hours that queue (the job sends once they end, once) or drop, and the one-click unsubscribe link.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_SETTINGS_MESSAGES as M, SMS_CODES_PER_DAY } from '#shared/api/alert-settings.ts';
import { useApiHarness, type Session } from '../support/api-harness.ts';
import { useLeadFixture } from '../support/lead-fixture.ts';

const api = useApiHarness({ projector: true });
const fx = useLeadFixture(api, { idPrefix: 'Q', codeLetter: 'Q', names: { campaign: 'Alerts', fund: 'Alerts Fund' }, agentDefaults: { balanceCents: 50_000 } });

const { AlertDelivery } = await import('#entities/alert-delivery.ts');
const { AlertSettings } = await import('#entities/alert-settings.ts');
const { Notification } = await import('#entities/notification.ts');
const { alertDeliveryView } = await import('#core/views/alert-delivery-view.ts');
const { sendDueAlerts } = await import('#core/alerts/alert-delivery.ts');
const { alertTokenSecret } = await import('#core/alerts/alert-token.ts');
const { mailerFromEnv } = await import('#platform/mailer.ts');
const { smsSenderFromEnv } = await import('#platform/sms.ts');

let mailDir: string;
let smsDir: string;
beforeAll(async () => {
  mailDir = await mkdtemp(path.join(os.tmpdir(), 'alerts-mail-'));
  smsDir = await mkdtemp(path.join(os.tmpdir(), 'alerts-sms-'));
  process.env.LOCAL_MAIL_DIR = mailDir;
  process.env.LOCAL_SMS_DIR = smsDir;
});
afterAll(async () => {
  delete process.env.LOCAL_MAIL_DIR;
  delete process.env.LOCAL_SMS_DIR;
  await Promise.all([rm(mailDir, { recursive: true, force: true }), rm(smsDir, { recursive: true, force: true })]);
});

/** The messages written to one recipient (an e-mail address or an E.164 number), oldest first. */
async function messagesTo(dir: string, to: string): Promise<string[]> {
  const files = (await readdir(dir)).sort();
  const texts = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
  return texts.filter((t) => t.includes(`\r\nTo: ${to}\r\n`));
}
const mailsTo = (email: string) => messagesTo(mailDir, email);
const textsTo = (number: string) => messagesTo(smsDir, number);

type Agent = { agentId: string; orderId: string; session: Session; email: string };
let states = ['WI', 'MN', 'IA', 'OH', 'MI', 'IN', 'MO', 'KY', 'TN', 'NE', 'KS', 'CO', 'GA', 'AL', 'NC'];
const ZIPS: Record<string, [string, string]> = {
  WI: ['53203', 'Milwaukee'], MN: ['55401', 'Minneapolis'], IA: ['50309', 'Des Moines'], OH: ['43215', 'Columbus'], MI: ['48226', 'Detroit'],
  IN: ['46204', 'Indianapolis'], MO: ['63101', 'St. Louis'], KY: ['40202', 'Louisville'], TN: ['37219', 'Nashville'], NE: ['68102', 'Omaha'],
  KS: ['66101', 'Kansas City'], CO: ['80202', 'Denver'], GA: ['30303', 'Atlanta'], AL: ['35203', 'Birmingham'], NC: ['27601', 'Raleigh'],
};
/** An agent with an order in a state of their own, so each test's leads go to its agent only. */
async function newAgent(): Promise<Agent & { state: string }> {
  const state = states[0]!;
  states = states.slice(1);
  const agent = await fx.agentWithOrder({ state, zip: ZIPS[state]![0], withSession: true });
  return { ...agent, state, email: `${agent.agentId.toLowerCase()}@agents.example.com` };
}
const postIn = (state: string, over: Record<string, unknown> = {}) => fx.post({ StateCode: state, ZipCode: ZIPS[state]![0], City: ZIPS[state]![1], ...over });

/** Sets the number, reads the texted code and enters it: text alerts on, number verified. */
async function verifyNumber(agent: Agent, number: string): Promise<void> {
  const put = await api.call('account.setSmsNumber', { params: { agentId: agent.agentId }, body: { PhoneNumber: number }, session: agent.session });
  expect(put.status).toBe(200);
  const e164 = put.body.Sms.Number!;
  const [text] = (await textsTo(e164)).slice(-1);
  const code = /code is (\d{6})/.exec(text ?? '')?.[1];
  expect(code).toBeDefined();
  const verified = await api.call('account.verifySmsNumber', { params: { agentId: agent.agentId }, body: { Code: code! }, session: agent.session });
  expect(verified.body.Sms).toMatchObject({ Number: e164, Verified: true, Enabled: true });
}

/** A quiet window of two hours that holds now in Chicago (the agents' zone): HH:MM on the half hour. */
function quietNow(): { Start: string; End: string } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date());
  const minute = Number(parts.find((p) => p.type === 'hour')!.value) * 60 + Number(parts.find((p) => p.type === 'minute')!.value);
  const start = Math.floor(minute / 30) * 30;
  const hhmm = (m: number) => `${String(Math.floor((m % 1440) / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return { Start: hhmm(start), End: hhmm(start + 120) };
}

const jobDeps = (now: Date) => ({ mailer: mailerFromEnv(), sms: smsSenderFromEnv(), appOrigin: 'http://localhost:5173', secret: () => alertTokenSecret(), now: () => now });

describe('alert settings', () => {
  it("answers the defaults before any are saved, to the agent and to staff who view agents, and refuses another agent's", async () => {
    const agent = await newAgent();
    const other = await newAgent();
    const mine = await api.call('account.alertSettings', { params: { agentId: agent.agentId }, session: agent.session });
    expect(mine.body).toEqual({
      AgentId: agent.agentId,
      TimeZone: 'Central',
      Email: { Enabled: false, Events: ['LeadSold', 'DisputeDecided'], Address: agent.email },
      Sms: { Enabled: false, Events: ['LeadSold'], Number: null, Verified: false, CodeExpiresAt: null },
      QuietHours: null,
      QuietMode: 'queue',
    });
    expect((await api.call('account.alertSettings', { params: { agentId: agent.agentId }, session: await api.sessionFor('admin') })).status).toBe(200);
    expect((await api.fetch('GET', `/account/${other.agentId}/alertSettings`, { session: agent.session })).status).toBe(403);
    expect((await api.fetch('PATCH', `/account/${other.agentId}/alertSettings`, { session: agent.session, body: { QuietMode: 'drop' } })).status).toBe(403);
    expect((await api.fetch('PUT', `/account/${other.agentId}/alertSettings/smsNumber`, { session: agent.session, body: { PhoneNumber: '3125550199' } })).status).toBe(403);
    // Staff may look, not change where an agent is texted or mailed.
    expect((await api.fetch('PATCH', `/account/${agent.agentId}/alertSettings`, { session: await api.sessionFor('admin'), body: { QuietMode: 'drop' } })).status).toBe(403);
    expect(await AlertSettings.get({ agentId: other.agentId })).toBeUndefined();
  });

  it('saves only what the agent changed', async () => {
    const agent = await newAgent();
    const params = { agentId: agent.agentId };
    await api.call('account.updateAlertSettings', { params, session: agent.session, body: { Email: { Enabled: true }, QuietHours: { Start: '21:30', End: '07:00' } } });
    await api.call('account.updateAlertSettings', { params, session: agent.session, body: { Email: { Events: ['DisputeDecided'] } } });
    const last = await api.call('account.updateAlertSettings', { params, session: agent.session, body: { QuietMode: 'drop' } });
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({ Email: { Enabled: true, Events: ['DisputeDecided'] }, QuietHours: { Start: '21:30', End: '07:00' }, QuietMode: 'drop', Sms: { Enabled: false, Events: ['LeadSold'] } });
    const cleared = await api.call('account.updateAlertSettings', { params, session: agent.session, body: { QuietHours: null } });
    expect(cleared.body).toMatchObject({ QuietHours: null, QuietMode: 'drop', Email: { Enabled: true } });
  });

  it('answers bad input with 400 and the rule broken, and saves nothing', async () => {
    const agent = await newAgent();
    const patch = (body: unknown) => api.fetch('PATCH', `/account/${agent.agentId}/alertSettings`, { session: agent.session, body });
    const cases: [unknown, string][] = [
      [{}, M.nothingToSave],
      [{ QuietHours: { Start: '22:15', End: '07:00' } }, M.quietTime],
      [{ QuietHours: { Start: '22:00', End: '22:00' } }, M.quietSame],
      [{ Email: { Events: ['BalanceLow'] } }, M.emailEvent],
      [{ Sms: { Events: ['Everything'] } }, M.smsEvent],
      [{ QuietMode: 'later' }, M.quietMode],
      [{ Sms: { Enabled: true } }, M.smsNeedsNumber],
    ];
    for (const [body, message] of cases) {
      const answer = await patch(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.errors, JSON.stringify(body)).toContain(message);
    }
    expect((await patch({ Email: { Enabled: true, Address: 'elsewhere@example.com' } })).status).toBe(400);
    expect((await api.fetch('PUT', `/account/${agent.agentId}/alertSettings/smsNumber`, { session: agent.session, body: { PhoneNumber: '555-0142' } })).errors).toEqual([M.phoneInvalid]);
    expect((await api.fetch('POST', `/account/${agent.agentId}/alertSettings/smsNumber/verify`, { session: agent.session, body: { Code: '12ab56' } })).errors).toEqual([M.codeInvalid]);
    expect(await AlertSettings.get({ agentId: agent.agentId })).toBeUndefined();
  });
});

describe('the SMS number', () => {
  it('is proved by the texted code (kept only as a salted hash), at most 5 guesses, one code a minute', async () => {
    const agent = await newAgent();
    const params = { agentId: agent.agentId };
    const put = await api.call('account.setSmsNumber', { params, body: { PhoneNumber: '(312) 555-0177' }, session: agent.session });
    expect(put.body.Sms).toMatchObject({ Number: '+13125550177', Verified: false, Enabled: false });
    expect(put.body.Sms.CodeExpiresAt).not.toBeNull();
    const [text] = await textsTo('+13125550177');
    const code = /code is (\d{6})/.exec(text!)![1]!;
    const stored = await AlertSettings.get(params, { consistent: true });
    expect(JSON.stringify(stored)).not.toContain(code);

    // Another code within the minute is refused, and nothing more is texted.
    const again = await api.fetch('PUT', `/account/${agent.agentId}/alertSettings/smsNumber`, { session: agent.session, body: { PhoneNumber: '3125550177' } });
    expect(again.status).toBe(429);
    expect(again.errors).toEqual([M.resendTooSoon]);
    expect(await textsTo('+13125550177')).toHaveLength(1);

    const wrong = code === '000000' ? '111111' : '000000';
    const guess = (Code: string) => api.fetch('POST', `/account/${agent.agentId}/alertSettings/smsNumber/verify`, { session: agent.session, body: { Code } });
    expect((await guess(wrong)).errors).toEqual([M.codeWrong]);
    const verified = await guess(code);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ Sms: { Number: '+13125550177', Verified: true, Enabled: true, CodeExpiresAt: null } });
    expect((await guess(code)).errors).toEqual([M.noCodePending]);
  });

  it(`sends at most ${SMS_CODES_PER_DAY} codes in a day of the company's (Central), whose day does not turn at 7 pm with UTC's`, async () => {
    const { agentId } = await newAgent();
    const { setSmsNumber } = await import('#core/alerts/alert-settings.ts');
    const texted: string[] = [];
    const sms = { send: async ({ text }: { text: string }) => void texted.push(text) };
    // From 5 pm Central on 31 May (22:00 UTC), a code every two minutes.
    let at = Date.parse('2026-05-31T22:00:00.000Z');
    const send = () => setSmsNumber({ agentId, userId: 'U-test', number: '+13125550179', sms, now: new Date(at) });
    for (let i = 0; i < SMS_CODES_PER_DAY; i++, at += 120_000) await send();
    // 8 pm Central, 31 May: a new day in UTC, the same day for the company.
    at = Date.parse('2026-06-01T01:00:00.000Z');
    await expect(send()).rejects.toMatchObject({ status: 429, messages: [M.tooManyCodes] });
    // 12:30 am Central, 1 June: a new day.
    at = Date.parse('2026-06-01T05:30:00.000Z');
    await send();
    expect(texted).toHaveLength(SMS_CODES_PER_DAY + 1);
  });

  it('takes no sixth guess, even the right one', async () => {
    const agent = await newAgent();
    await api.call('account.setSmsNumber', { params: { agentId: agent.agentId }, body: { PhoneNumber: '3125550178' }, session: agent.session });
    const code = /code is (\d{6})/.exec((await textsTo('+13125550178'))[0]!)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    const guess = (Code: string) => api.fetch('POST', `/account/${agent.agentId}/alertSettings/smsNumber/verify`, { session: agent.session, body: { Code } });
    for (let i = 0; i < 4; i++) expect((await guess(wrong)).errors).toEqual([M.codeWrong]);
    expect((await guess(wrong)).errors).toEqual([M.codeTriesUsed]);
    expect((await guess(code)).errors).toEqual([M.codeTriesUsed]);
    expect((await AlertSettings.get({ agentId: agent.agentId }, { consistent: true }))?.smsVerified).toBe(false);
  });
});

describe('a lead sold', () => {
  it('is mailed and texted to the agent with the name, phone and link only, and a record delivered again sends nothing more', async () => {
    const agent = await newAgent();
    await verifyNumber(agent, '3125550181');
    await api.call('account.updateAlertSettings', { params: { agentId: agent.agentId }, session: agent.session, body: { Email: { Enabled: true } } });
    const posted = await postIn(agent.state, { FirstName: 'Dana', LastName: 'Quick', PrimaryPhone: '4145550142', Email: 'dana.quick@example.com', Address1: '77 Lakeshore Dr' });
    expect(posted.body).toMatchObject({ Result: 'sold' });

    await expect.poll(async () => (await mailsTo(agent.email)).length, { timeout: 15_000 }).toBe(1);
    await expect.poll(async () => (await textsTo('+13125550181')).length, { timeout: 15_000 }).toBe(2); // the code, then the alert
    const [mail] = await mailsTo(agent.email);
    const sms = (await textsTo('+13125550181'))[1]!;
    const link = `http://localhost:5173/leads?leadId=${posted.body.UserFacingLeadId}`;
    expect(mail).toContain('Subject: New lead: Dana Quick');
    expect(mail).toContain('Call: (414) 555-0142');
    expect(mail).toContain(link);
    expect(mail).toMatch(/\r\nList-Unsubscribe: <http:\/\/localhost:5173\/api\/alerts\/unsubscribe\?token=[^>]+>\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n/);
    expect(sms).toContain('New lead: Dana Quick');
    expect(sms).toContain('Call (414) 555-0142.');
    expect(sms).toContain(link);
    for (const message of [mail!, sms]) for (const secret of ['dana.quick@example.com', '77 Lakeshore', '1970-05-01', '203.0.113.5', posted.body.LeadId]) expect(message).not.toContain(secret);

    await api.settled();
    const [note] = await Notification.query.ofAgent(agent.agentId).all();
    const deliveries = await AlertDelivery.query.ofNotification(agent.agentId, note!.at, note!.sourceId).all();
    expect(deliveries.map((d) => [d.channel, d.state]).sort()).toEqual([['email', 'sent'], ['sms', 'sent']]);

    // The notification's stream record again: nothing more is sent.
    const record = { eventId: 'again', eventName: 'INSERT' as const, sequenceNumber: '1', keys: Notification.key(note!), newImage: { ...note!, entity: 'Notification' } };
    await alertDeliveryView().apply(record);
    await alertDeliveryView().apply({ ...record, eventId: 'again-2' });
    expect(await mailsTo(agent.email)).toHaveLength(1);
    expect(await textsTo('+13125550181')).toHaveLength(2);
  });

  it('is not alerted when its fact is more than a few minutes old (a rebuild or a catch-up)', async () => {
    const agent = await newAgent();
    await api.call('account.updateAlertSettings', { params: { agentId: agent.agentId }, session: agent.session, body: { Email: { Enabled: true } } });
    const old = { agentId: agent.agentId, at: new Date(Date.now() - 10 * 60_000).toISOString(), sourceId: 'sale#old#x', kind: 'LeadSold' as const, userFacingLeadId: 1, leadName: 'Old News' };
    await alertDeliveryView().apply({ eventId: 'late', eventName: 'INSERT', sequenceNumber: '1', keys: Notification.key(old), newImage: { ...old, entity: 'Notification' } });
    const fresh = { ...old, at: new Date().toISOString(), sourceId: 'sale#rebuilt#x' };
    await alertDeliveryView().apply({ eventId: 'rebuild:1', eventName: 'INSERT', sequenceNumber: '1', keys: Notification.key(fresh), newImage: { ...fresh, entity: 'Notification' } });
    expect(await mailsTo(agent.email)).toEqual([]);
    expect(await AlertDelivery.query.ofNotification(agent.agentId, old.at, old.sourceId).all()).toEqual([]);
  });
});

describe('a lead a split order gave another agent', () => {
  it('is alerted to the agent who received it, never to the buyer, whom the portal tells, naming the recipient', async () => {
    const { DEMO_AGENT_IDS } = await import('#core/seed/demo-users.ts');
    const { AgentProfile } = await import('#entities/agent-profile.ts');
    const { postEntry } = await import('#core/money/ledger.ts');
    const [buyerId, recipientId] = [DEMO_AGENT_IDS.sponsor, DEMO_AGENT_IDS.captive];
    const [buyer, recipient, buyerProfile, recipientProfile] = await Promise.all([
      api.sessionFor('sponsor agent'),
      api.sessionFor('captive agent'),
      AgentProfile.get({ agentId: buyerId }),
      AgentProfile.get({ agentId: recipientId }),
    ]);
    await postEntry({ agentId: buyerId, deltaCents: 50_000, type: 'AgentContribution', description: 'test money', idempotencyKey: `test:${fx.run}:split` });
    // Arizona: no other order of this file's fund buys there.
    await fx.fundOrder(buyerId, { state: 'AZ', recipientAgentId: recipientId, description: `Split order ${fx.run}` });
    for (const [agentId, session] of [[buyerId, buyer], [recipientId, recipient]] as const)
      expect((await api.call('account.updateAlertSettings', { params: { agentId }, session, body: { Email: { Enabled: true } } })).status).toBe(200);

    const posted = await fx.post({ FirstName: 'Sam', LastName: 'Split', StateCode: 'AZ', ZipCode: '85004', City: 'Phoenix' });
    expect(posted.body).toMatchObject({ Result: 'sold' });
    await expect.poll(async () => (await mailsTo(recipientProfile!.email)).length, { timeout: 15_000 }).toBe(1);
    await api.settled();
    expect(await mailsTo(buyerProfile!.email)).toEqual([]);

    const told = (await api.call('me.notifications', { session: buyer })).body;
    const mine = told.Notifications.filter((n) => n.LeadId === posted.body.LeadId);
    expect(mine).toEqual([
      expect.objectContaining({ Kind: 'LeadSold', LeadName: 'Sam Split', OrderName: `Split order ${fx.run}`, DistributedTo: `${recipientProfile!.firstName} ${recipientProfile!.lastName}` }),
    ]);
    expect(told.UnseenLeads).toBeGreaterThanOrEqual(1);
    const received = (await api.call('me.notifications', { session: recipient })).body.Notifications.filter((n) => n.LeadId === posted.body.LeadId);
    expect(received).toEqual([expect.objectContaining({ Kind: 'LeadSold', LeadName: 'Sam Split', DistributedTo: null })]);
    // The buyer's note was claimed by no channel: nothing queued for later either.
    const [note] = (await Notification.query.ofAgent(buyerId).all()).filter((n) => n.leadId === posted.body.LeadId);
    expect(await AlertDelivery.query.ofNotification(buyerId, note!.at, note!.sourceId).all()).toEqual([]);
  });
});

describe('quiet hours', () => {
  it('hold the alert until they end; the job sends it then, once', async () => {
    const agent = await newAgent();
    await api.call('account.updateAlertSettings', { params: { agentId: agent.agentId }, session: agent.session, body: { Email: { Enabled: true }, QuietHours: quietNow(), QuietMode: 'queue' } });
    const posted = await postIn(agent.state, { FirstName: 'Quinn', LastName: 'Later' });
    expect(posted.body).toMatchObject({ Result: 'sold' });
    const queued = async () => {
      const [note] = await Notification.query.ofAgent(agent.agentId).all();
      return note ? AlertDelivery.query.ofNotification(agent.agentId, note.at, note.sourceId).all() : [];
    };
    await expect.poll(async () => (await queued()).map((d) => d.state), { timeout: 15_000 }).toEqual(['queued']);
    const [held] = await queued();
    expect(Date.parse(held!.dueAt!)).toBeGreaterThan(Date.now());
    expect(await mailsTo(agent.email)).toEqual([]);

    // Before the end: nothing is due (the job itself, as the schedule runs it).
    const { handler: alertQueueJob } = await import('../../functions/jobs/alert-queue.ts');
    expect(await alertQueueJob()).toBeUndefined();
    expect(await mailsTo(agent.email)).toEqual([]);
    // Once they end: sent, and only once however often the job runs.
    const after = new Date(Date.parse(held!.dueAt!) + 1_000);
    const first = await sendDueAlerts(jobDeps(after), { deadline: Date.now() + 30_000 });
    const second = await sendDueAlerts(jobDeps(after), { deadline: Date.now() + 30_000 });
    expect(first.sent).toBe(1);
    expect(second.sent).toBe(0);
    const mails = await mailsTo(agent.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: New lead: Quinn Later');
    expect((await queued()).map((d) => d.state)).toEqual(['sent']);
  });

  it("drop the alert when the agent chose 'drop'", async () => {
    const agent = await newAgent();
    await api.call('account.updateAlertSettings', { params: { agentId: agent.agentId }, session: agent.session, body: { Email: { Enabled: true }, QuietHours: quietNow(), QuietMode: 'drop' } });
    expect((await postIn(agent.state)).body).toMatchObject({ Result: 'sold' });
    await expect
      .poll(async () => {
        const [note] = await Notification.query.ofAgent(agent.agentId).all();
        return note ? (await AlertDelivery.query.ofNotification(agent.agentId, note.at, note.sourceId).all()).map((d) => d.state) : [];
      }, { timeout: 15_000 })
      .toEqual(['dropped']);
    const later = await sendDueAlerts(jobDeps(new Date(Date.now() + 3 * 3_600_000)), { deadline: Date.now() + 30_000 });
    expect(later.sent).toBe(0);
    expect(await mailsTo(agent.email)).toEqual([]);
  });
});

describe('the unsubscribe link', () => {
  it('turns that channel off without signing in; a queued alert of it is then not sent; a forged link is refused', async () => {
    const agent = await newAgent();
    await api.call('account.updateAlertSettings', { params: { agentId: agent.agentId }, session: agent.session, body: { Email: { Enabled: true } } });
    expect((await postIn(agent.state)).body).toMatchObject({ Result: 'sold' });
    await expect.poll(async () => (await mailsTo(agent.email)).length, { timeout: 15_000 }).toBe(1);
    const [mail] = await mailsTo(agent.email);
    const token = /List-Unsubscribe: <[^>]*\?token=([^>]+)>/.exec(mail!)![1]!;
    expect(mail).toContain(`/alerts/unsubscribe?token=${token}`);

    // Forged: another agent's id under this signature, another channel, a changed signature; and a malformed one.
    const [, , signature] = token.split('.');
    const other = await newAgent();
    await api.call('account.updateAlertSettings', { params: { agentId: other.agentId }, session: other.session, body: { Email: { Enabled: true } } });
    const flipped = `${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of [`${other.agentId}.e.${signature}`, `${agent.agentId}.s.${signature}`, `${agent.agentId}.e.${flipped}`]) {
      const refused = await api.fetch('POST', `/alerts/unsubscribe?token=${forged}`, { origin: false });
      expect(refused.status, forged).toBe(403);
      expect(refused.errors).toEqual([M.unsubscribeInvalid]);
    }
    expect((await api.fetch('POST', '/alerts/unsubscribe?token=nonsense', { origin: false })).status).toBe(400);
    expect((await api.call('account.alertSettings', { params: { agentId: other.agentId }, session: other.session })).body.Email.Enabled).toBe(true);

    // A quiet-hours alert waiting for this channel.
    await api.call('account.updateAlertSettings', { params: { agentId: agent.agentId }, session: agent.session, body: { QuietHours: quietNow() } });
    expect((await postIn(agent.state)).body).toMatchObject({ Result: 'sold' });
    await expect.poll(async () => (await Notification.query.ofAgent(agent.agentId).all()).length, { timeout: 15_000 }).toBe(2);

    // One click from a mail client: no session, no Origin, a form body.
    const done = await api.fetch('POST', `/alerts/unsubscribe?token=${token}`, { origin: false, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ Channel: 'email', Unsubscribed: true });
    expect((await api.call('account.alertSettings', { params: { agentId: agent.agentId }, session: agent.session })).body.Email.Enabled).toBe(false);

    const run = await sendDueAlerts(jobDeps(new Date(Date.now() + 3 * 3_600_000)), { deadline: Date.now() + 30_000 });
    expect(run.sent).toBe(0);
    expect(await mailsTo(agent.email)).toHaveLength(1);
  });
});
