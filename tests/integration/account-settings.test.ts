// The agent's statuses and settings through the real gateway: the Home toggles with their audit and
// the paused-account rule, time zone, Pro Store, and the training and live-transfer phone cards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type Gateway } from '../../infra/local/gateway.ts';
import { useTestTable } from '../support/test-table.ts';

useTestTable();

const { seed, DEMO_USERS } = await import('../../functions/core/seed/index.ts');
const { createSession } = await import('../../functions/core/auth/sessions.ts');
const { listStatusAudit, ACCOUNT_PAUSED_MESSAGE } = await import('../../functions/core/agent-statuses.ts');
const { LiveTransferPhone, TrainingRecord } = await import('../../functions/core/agent-settings.ts');
const { AgentProfile } = await import('../../functions/platform/entities.ts');
const { agentKeys } = await import('../../functions/platform/keys.ts');

let gateway: Gateway;
const cookie = new Map<string, string>();
const user = (role: string) => DEMO_USERS.find((u) => u.role === role)!;

beforeAll(async () => {
  await seed({ agents: 1 });
  gateway = await startGateway({ port: 0 });
  for (const u of DEMO_USERS) cookie.set(u.role, `lc_session=${(await createSession(u.userId)).token}`);
}, 120_000);
afterAll(() => gateway?.stop());

async function call(role: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${gateway.url}/api${path}`, {
    method,
    headers: { cookie: cookie.get(role)!, origin: 'http://localhost:5173', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

const account = async (role: string) => (await call(role, 'GET', '/me')).json!.Account as Record<string, unknown>;

describe('Home toggles', () => {
  const captive = user('captive agent');
  const id = captive.agentId!;

  it('pauses the account, shows live transfer as paused, and audits the change', async () => {
    expect((await call('captive agent', 'PATCH', `/agent/${id}/orderstatusui/0`)).status).toBe(204);
    expect(await account('captive agent')).toMatchObject({ OrderStatus: 0, LiveTransferStatus: 0 });
    const audit = await listStatusAudit(id);
    expect(audit[0]).toMatchObject({ statusType: 'Global', previousStatus: 'active', newStatus: 'paused', updatedBy: captive.userId });
  });

  it('refuses live transfer and third-party changes while paused, and allows them once active', async () => {
    const lt = { AgentId: id, StatusType: 'LiveTransfer', Status: false };
    expect(await call('captive agent', 'PATCH', '/account/leadintakestatusui', lt)).toEqual({ status: 400, json: { ErrorMessages: [ACCOUNT_PAUSED_MESSAGE] } });
    expect((await call('captive agent', 'PATCH', '/account/thirdpartystatus', { AgentId: id, StatusType: 'ThirdParty', Status: false })).status).toBe(400);
    expect((await call('captive agent', 'PATCH', `/agent/${id}/orderstatusui/1`)).status).toBe(204);
    expect((await call('captive agent', 'PATCH', '/account/leadintakestatusui', lt)).status).toBe(204);
    expect((await call('captive agent', 'PATCH', '/account/thirdpartystatus', { AgentId: id, StatusType: 'ThirdParty', Status: false })).status).toBe(204);
    expect(await account('captive agent')).toMatchObject({ OrderStatus: 1, LiveTransferStatus: 0, ThirdPartyLeadStatus: false });
  });

  it("refuses a toggle naming another agent's account in the body", async () => {
    const other = user('broker agent').agentId!;
    const res = await call('captive agent', 'PATCH', '/account/thirdpartystatus', { AgentId: other, StatusType: 'ThirdParty', Status: true });
    expect(res.status).toBe(403);
  });

  it('rejects a status other than 0 or 1', async () => {
    expect((await call('captive agent', 'PATCH', `/agent/${id}/orderstatusui/7`)).json).toEqual({ ErrorMessages: ['Status must be 0 or 1.'] });
  });
});

describe('settings', () => {
  it('saves a real 5-digit zip, marks the zip Set, and refuses malformed and unknown zips', async () => {
    const id = user('broker agent').agentId!;
    expect(await call('broker agent', 'PATCH', `/agent/${id}/zip/78701`)).toEqual({ status: 200, json: { Zip: '78701', ZipCodeSetStatus: 1 } });
    expect(await account('broker agent')).toMatchObject({ Zip: '78701', ZipCodeSetStatus: 1 });
    expect((await call('broker agent', 'PATCH', `/agent/${id}/zip/7870`)).json).toEqual({ ErrorMessages: ['Invalid Zip Code'] });
    expect((await call('broker agent', 'PATCH', `/agent/${id}/zip/00000`)).json).toEqual({ ErrorMessages: ['Invalid Zip Code'] });
  });

  it('sets a known time zone and refuses an unknown one', async () => {
    const id = user('broker agent').agentId!;
    expect((await call('broker agent', 'PATCH', `/agent/${id}/timeZone/Pacific`)).status).toBe(204);
    expect(await account('broker agent')).toMatchObject({ TimeZone: 'Pacific' });
    expect((await call('broker agent', 'PATCH', `/agent/${id}/timeZone/Mars`)).json).toEqual({ ErrorMessages: ['Unknown time zone.'] });
  });

  it('turns Pro Store on for a captive agent and puts them in the weekly job index', async () => {
    const id = user('captive agent').agentId!;
    const res = await call('captive agent', 'PATCH', `/agent/${id}/prostore`, { Enabled: true, Amount: 25 });
    expect(res).toEqual({ status: 200, json: { Enabled: true, Amount: 25 } });
    expect(await account('captive agent')).toMatchObject({ HMProStoreTransferEnabled: true, HMProStoreAmount: 25 });
    const enabled = await AgentProfile.queryAll(agentKeys.proStoreEnabled());
    expect(enabled.map((a) => a.agentId)).toContain(id);

    await call('captive agent', 'PATCH', `/agent/${id}/prostore`, { Enabled: false, Amount: 25 });
    expect((await AgentProfile.queryAll(agentKeys.proStoreEnabled())).map((a) => a.agentId)).not.toContain(id);
  });

  it('refuses Pro Store for a broker and a fractional amount', async () => {
    const broker = user('broker agent').agentId!;
    expect((await call('broker agent', 'PATCH', `/agent/${broker}/prostore`, { Enabled: true, Amount: 10 })).json).toEqual({
      ErrorMessages: ['Pro Store is available to captive agents only.'],
    });
    const captive = user('captive agent').agentId!;
    expect((await call('captive agent', 'PATCH', `/agent/${captive}/prostore`, { Enabled: true, Amount: 10.5 })).json).toEqual({
      ErrorMessages: ['Pro Store amount must be a whole number.'],
    });
  });
});

describe('Pro Store: moving money out is the holder\'s act', () => {
  const id = user('captive agent').agentId!;
  const profile = async () => (await AgentProfile.get(agentKeys.profileById(id), { consistent: true }))!;

  it("refuses staff turning an agent's Pro Store on, even for an inactive (terminated) agent", async () => {
    await call('captive agent', 'PATCH', `/agent/${id}/prostore`, { Enabled: false, Amount: 25 });
    expect((await call('admin', 'PATCH', `/agent/${id}/prostore`, { Enabled: true, Amount: 500 })).status).toBe(403);
    await AgentProfile.put({ ...(await profile()), status: 0 });
    try {
      expect((await call('admin', 'PATCH', `/agent/${id}/prostore`, { Enabled: true, Amount: 500 })).status).toBe(403);
    } finally {
      await AgentProfile.put({ ...(await profile()), status: 1 });
    }
    expect(await profile()).toMatchObject({ proStoreEnabled: false, proStoreAmountCents: 2500 });
    expect((await AgentProfile.queryAll(agentKeys.proStoreEnabled())).map((a) => a.agentId)).not.toContain(id);
  });

  it("refuses staff raising the amount of an agent's Pro Store that is on", async () => {
    await call('captive agent', 'PATCH', `/agent/${id}/prostore`, { Enabled: true, Amount: 25 });
    expect((await call('admin', 'PATCH', `/agent/${id}/prostore`, { Enabled: true, Amount: 900 })).status).toBe(403);
    expect(await profile()).toMatchObject({ proStoreEnabled: true, proStoreAmountCents: 2500 });
  });

  it("lets staff switch an agent's Pro Store off, keeping the agent's amount", async () => {
    await call('captive agent', 'PATCH', `/agent/${id}/prostore`, { Enabled: true, Amount: 25 });
    expect(await call('admin', 'PATCH', `/agent/${id}/prostore`, { Enabled: false, Amount: 900 })).toEqual({
      status: 200,
      json: { Enabled: false, Amount: 25 },
    });
    expect(await profile()).toMatchObject({ proStoreEnabled: false, proStoreAmountCents: 2500 });
    expect((await AgentProfile.queryAll(agentKeys.proStoreEnabled())).map((a) => a.agentId)).not.toContain(id);
  });
});

describe('training and live-transfer phone', () => {
  it('answers 404 with the spec text while no phone is set up, then the phone', async () => {
    const id = user('first-family agent').agentId!;
    expect(await call('first-family agent', 'GET', `/account/agentphonenumber/${id}`)).toEqual({
      status: 404,
      json: { ErrorMessages: ['LiveTransfer phone is not set up.'] },
    });
    await LiveTransferPhone.put({ agentId: id, primaryPhoneNumber: '5125550100', statusPrimary: 'Active' });
    expect((await call('first-family agent', 'GET', `/account/agentphonenumber/${id}`)).json).toMatchObject({
      PrimaryPhoneNumber: '5125550100',
      StatusPrimary: 'Active',
    });
  });

  it('lists training rows', async () => {
    const id = user('first-family agent').agentId!;
    await TrainingRecord.put({ agentId: id, courseName: 'Lead Portal Basics', status: 'Complete' });
    expect((await call('first-family agent', 'GET', `/account/agenttrainingdata/${id}`)).json).toEqual([
      { CourseName: 'Lead Portal Basics', Status: 'Complete' },
    ]);
  });
});
