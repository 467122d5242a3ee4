// The agent's statuses and settings through the real gateway: the Home toggles with their audit and
// the paused-account rule, time zone, Pro Store, and the training and live-transfer phone cards.
import { describe, expect, it } from 'vitest';
import { useApiHarness, type DemoRole } from '../support/api-harness.ts';

const api = useApiHarness();

const { DEMO_USERS } = await import('../../functions/core/seed/index.ts');
const { listStatusAudit, ACCOUNT_PAUSED_MESSAGE } = await import('../../functions/core/directory/agent-statuses.ts');
const { LiveTransferPhone } = await import('#entities/live-transfer-phone.ts');
const { TrainingRecord } = await import('#entities/training-record.ts');
const { AgentProfile } = await import('#entities/agent-profile.ts');

const user = (role: DemoRole) => DEMO_USERS.find((u) => u.role === role)!;
const as = (role: DemoRole) => api.sessionFor(role);

const account = async (role: DemoRole) => (await api.call('me.get', { session: await as(role) })).body.Account;

/** Pro Store as `role` for the agent `agentId`; answers the status and the body. */
const proStore = async (role: DemoRole, agentId: string, setting: { Enabled: boolean; Amount: number }) =>
  api.call('account.updateProStore', { params: { agentId }, body: setting, session: await as(role) });

describe('Home toggles', () => {
  const captive = user('captive agent');
  const id = captive.agentId!;
  const liveTransfer = { AgentId: id, StatusType: 'LiveTransfer', Status: false } as const;
  const thirdParty = { AgentId: id, StatusType: 'ThirdParty', Status: false } as const;

  it('pauses the account, shows live transfer as paused, and audits the change', async () => {
    const res = await api.call('account.updateOrderStatus', { params: { agentId: id, status: '0' }, session: await as('captive agent') });
    expect(res.status).toBe(204);
    expect(await account('captive agent')).toMatchObject({ OrderStatus: 0, LiveTransferStatus: 0 });
    const audit = await listStatusAudit(id);
    expect(audit[0]).toMatchObject({ statusType: 'Global', previousStatus: 'active', newStatus: 'paused', updatedBy: captive.userId });
  });

  it('refuses live transfer and third-party changes while paused, and allows them once active', async () => {
    const session = await as('captive agent');
    const paused = await api.call('account.updateLiveTransferStatus', { body: liveTransfer, session });
    expect({ status: paused.status, errors: paused.errors }).toEqual({ status: 400, errors: [ACCOUNT_PAUSED_MESSAGE] });
    expect((await api.call('account.updateThirdPartyStatus', { body: thirdParty, session })).status).toBe(400);
    expect((await api.call('account.updateOrderStatus', { params: { agentId: id, status: '1' }, session })).status).toBe(204);
    expect((await api.call('account.updateLiveTransferStatus', { body: liveTransfer, session })).status).toBe(204);
    expect((await api.call('account.updateThirdPartyStatus', { body: thirdParty, session })).status).toBe(204);
    expect(await account('captive agent')).toMatchObject({ OrderStatus: 1, LiveTransferStatus: 0, ThirdPartyLeadStatus: false });
  });

  it("refuses a toggle naming another agent's account in the body", async () => {
    const other = user('broker agent').agentId!;
    const res = await api.call('account.updateThirdPartyStatus', {
      body: { AgentId: other, StatusType: 'ThirdParty', Status: true },
      session: await as('captive agent'),
    });
    expect(res.status).toBe(403);
  });

  it('rejects a status other than 0 or 1', async () => {
    const res = await api.fetch('PATCH', `/agent/${id}/orderstatusui/7`, { session: await as('captive agent') });
    expect(res.errors).toEqual(['Status must be 0 or 1.']);
  });
});

describe('settings', () => {
  it('saves a real 5-digit zip, marks the zip Set, and refuses malformed and unknown zips', async () => {
    const id = user('broker agent').agentId!;
    const session = await as('broker agent');
    const saved = await api.call('account.updateZip', { params: { agentId: id, zip: '78701' }, session });
    expect({ status: saved.status, body: saved.body }).toEqual({ status: 200, body: { Zip: '78701', ZipCodeSetStatus: 1 } });
    expect(await account('broker agent')).toMatchObject({ Zip: '78701', ZipCodeSetStatus: 1 });
    expect((await api.fetch('PATCH', `/agent/${id}/zip/7870`, { session })).errors).toEqual(['Invalid Zip Code']);
    expect((await api.call('account.updateZip', { params: { agentId: id, zip: '00000' }, session })).errors).toEqual(['Invalid Zip Code']);
  });

  it('sets a known time zone and refuses an unknown one', async () => {
    const id = user('broker agent').agentId!;
    const session = await as('broker agent');
    expect((await api.call('account.updateTimeZone', { params: { agentId: id, zone: 'Pacific' }, session })).status).toBe(204);
    expect(await account('broker agent')).toMatchObject({ TimeZone: 'Pacific' });
    expect((await api.fetch('PATCH', `/agent/${id}/timeZone/Mars`, { session })).errors).toEqual(['Unknown time zone.']);
  });

  it('turns Pro Store on for a captive agent and puts them in the weekly job index', async () => {
    const id = user('captive agent').agentId!;
    const res = await proStore('captive agent', id, { Enabled: true, Amount: 25 });
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { Enabled: true, Amount: 25 } });
    expect(await account('captive agent')).toMatchObject({ HMProStoreTransferEnabled: true, HMProStoreAmount: 25 });
    const enabled = await AgentProfile.query.proStoreEnabled().all();
    expect(enabled.map((a) => a.agentId)).toContain(id);

    await proStore('captive agent', id, { Enabled: false, Amount: 25 });
    expect((await AgentProfile.query.proStoreEnabled().all()).map((a) => a.agentId)).not.toContain(id);
  });

  it('refuses Pro Store for a broker and a fractional amount', async () => {
    const broker = user('broker agent').agentId!;
    expect((await proStore('broker agent', broker, { Enabled: true, Amount: 10 })).errors).toEqual(['Pro Store is available to captive agents only.']);
    const captive = user('captive agent').agentId!;
    expect((await proStore('captive agent', captive, { Enabled: true, Amount: 10.5 })).errors).toEqual(['Pro Store amount must be a whole number.']);
  });
});

describe("Pro Store: moving money out is the holder's act", () => {
  const id = user('captive agent').agentId!;
  const profile = async () => (await AgentProfile.get({ agentId: id }, { consistent: true }))!;

  it("refuses staff turning an agent's Pro Store on, even for an inactive (terminated) agent", async () => {
    await proStore('captive agent', id, { Enabled: false, Amount: 25 });
    expect((await proStore('admin', id, { Enabled: true, Amount: 500 })).status).toBe(403);
    await AgentProfile.put({ ...(await profile()), status: 0 });
    try {
      expect((await proStore('admin', id, { Enabled: true, Amount: 500 })).status).toBe(403);
    } finally {
      await AgentProfile.put({ ...(await profile()), status: 1 });
    }
    expect(await profile()).toMatchObject({ proStoreEnabled: false, proStoreAmountCents: 2500 });
    expect((await AgentProfile.query.proStoreEnabled().all()).map((a) => a.agentId)).not.toContain(id);
  });

  it("refuses staff raising the amount of an agent's Pro Store that is on", async () => {
    await proStore('captive agent', id, { Enabled: true, Amount: 25 });
    expect((await proStore('admin', id, { Enabled: true, Amount: 900 })).status).toBe(403);
    expect(await profile()).toMatchObject({ proStoreEnabled: true, proStoreAmountCents: 2500 });
  });

  it("lets staff switch an agent's Pro Store off, keeping the agent's amount", async () => {
    await proStore('captive agent', id, { Enabled: true, Amount: 25 });
    const res = await proStore('admin', id, { Enabled: false, Amount: 900 });
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { Enabled: false, Amount: 25 } });
    expect(await profile()).toMatchObject({ proStoreEnabled: false, proStoreAmountCents: 2500 });
    expect((await AgentProfile.query.proStoreEnabled().all()).map((a) => a.agentId)).not.toContain(id);
  });

  it("lets staff switch off a terminated agent's Pro Store, and no other agent, sponsor or assistant switch it off", async () => {
    await proStore('captive agent', id, { Enabled: true, Amount: 25 });
    for (const role of ['sponsor agent', 'broker agent', 'sales assistant'] as const) {
      expect((await proStore(role, id, { Enabled: false, Amount: 25 })).status, role).toBe(403);
    }
    expect(await profile()).toMatchObject({ proStoreEnabled: true, proStoreAmountCents: 2500 });
    await AgentProfile.put({ ...(await profile()), status: 0 });
    try {
      const res = await proStore('admin', id, { Enabled: false, Amount: 0 });
      expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { Enabled: false, Amount: 25 } });
    } finally {
      await AgentProfile.put({ ...(await profile()), status: 1 });
    }
    expect(await profile()).toMatchObject({ proStoreEnabled: false, proStoreAmountCents: 2500 });
    expect((await AgentProfile.query.proStoreEnabled().all()).map((a) => a.agentId)).not.toContain(id);
  });
});

describe('training and live-transfer phone', () => {
  it('answers 404 with the spec text while no phone is set up, then the phone', async () => {
    const id = user('first-family agent').agentId!;
    const session = await as('first-family agent');
    const missing = await api.call('account.phoneNumber', { params: { agentId: id }, session });
    expect({ status: missing.status, errors: missing.errors }).toEqual({ status: 404, errors: ['LiveTransfer phone is not set up.'] });
    await LiveTransferPhone.put({ agentId: id, primaryPhoneNumber: '5125550100', statusPrimary: 'Active' });
    expect((await api.call('account.phoneNumber', { params: { agentId: id }, session })).body).toMatchObject({
      PrimaryPhoneNumber: '5125550100',
      StatusPrimary: 'Active',
    });
  });

  it('lists training rows', async () => {
    const id = user('first-family agent').agentId!;
    await TrainingRecord.put({ agentId: id, courseName: 'Lead Portal Basics', status: 'Complete' });
    const res = await api.call('account.trainingData', { params: { agentId: id }, session: await as('first-family agent') });
    expect(res.body).toEqual([{ CourseName: 'Lead Portal Basics', Status: 'Complete' }]);
  });
});
