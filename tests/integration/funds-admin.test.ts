// Funds administration (spec part 3 §4, §5 Fund form, §7 Funds) through the real gateway and
// handlers against DynamoDB Local: create, read, update, enable and disable with their history rows,
// every validation message of the fund form, the unique code guard, stale edits, permissions, the
// makeup history read, and how a new fund reaches agents (spec part 1 §6).
import { beforeAll, describe, expect, it } from 'vitest';
import type { FundCreateInput } from '#shared/fund-form.ts';
import { useApiHarness, type Session } from '../support/api-harness.ts';

const api = useApiHarness();

const { Fund } = await import('#entities/fund.ts');
const { FundHistory } = await import('#entities/fund-history.ts');
const { FundMakeupHistory } = await import('#entities/fund-makeup-history.ts');
const { UniqueValue } = await import('#entities/unique-value.ts');
const { STALE_EDIT_MESSAGE } = await import('#shared/api/revision.ts');
const { companyDay } = await import('#shared/time-zones.ts');
const { transactWrite } = await import('#platform/db.ts');
const { DEMO_AGENT_IDS } = await import('#core/seed/demo-users.ts');

let admin: Session;
let manager: Session;
let captive: Session;
let broker: Session;

const day = (offset: number) => {
  const d = new Date(`${companyDay()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

let codeCounter = 0;
const fundBody = (over: Partial<FundCreateInput> = {}): FundCreateInput => ({
  Name: 'Arizona Health Shared',
  Description: 'Shared health leads for Arizona.',
  Code: `AZ-H-${++codeCounter}`,
  LineOfBusiness: 2,
  Category: 2,
  CaptivePrice: 12.5,
  BrokerPrice: '15',
  IsActive: true,
  IsLiveTransfer: false,
  StartDate: day(0),
  EndDate: day(30),
  Captive: true,
  Broker: false,
  FirstFamily: false,
  SpecifyAgents: false,
  AgentIds: [],
  ...over,
});

async function create(over: Partial<FundCreateInput> = {}) {
  const res = await api.call('funds.create', { body: fundBody(over), session: admin });
  expect(res.errors).toEqual([]);
  expect(res.status).toBe(200);
  return res.body;
}

beforeAll(async () => {
  [admin, manager, captive, broker] = await Promise.all([
    api.sessionFor('admin'),
    api.sessionFor('manager'),
    api.sessionFor('captive agent'),
    api.sessionFor('broker agent'),
  ]);
});

describe('POST /api/fund', () => {
  it('creates a fund at midnight of its days with revision 1, its code guard and a Created history row in one go', async () => {
    const fund = await create({ Code: 'Az-New-1' });
    expect(fund).toMatchObject({ Name: 'Arizona Health Shared', Code: 'Az-New-1', Channel: 1, Category: 2, CaptivePrice: 12.5, BrokerPrice: 15, Revision: 1 });
    expect(fund.StartDate).toBe(`${day(0)}T00:00:00.000Z`);
    expect(fund.EndDate).toBe(`${day(30)}T00:00:00.000Z`);
    expect(fund.ModifiedBy).toBe('admin@leadportal.example.com');
    expect(await UniqueValue.get({ kind: 'FUND_CODE', value: 'az-new-1' })).toMatchObject({ ownerId: fund.FundId });
    const history = await api.call('funds.history', { params: { fundId: fund.FundId }, session: admin });
    expect(history.body).toHaveLength(1);
    expect(history.body[0]).toMatchObject({ Name: 'Arizona Health Shared', CaptivePrice: 12.5, ModifiedBy: 'admin@leadportal.example.com', Channel: 1 });
  });

  it('maps the channel toggles to the Fund Channel numbers', async () => {
    const cases: [Partial<FundCreateInput>, number][] = [
      [{ Captive: false, Broker: true }, 0],
      [{ Captive: true, Broker: false }, 1],
      [{ Captive: true, Broker: true }, 2],
      [{ Captive: false, FirstFamily: true }, 3],
      [{ Captive: true, FirstFamily: true }, 4],
      [{ Captive: false, Broker: true, FirstFamily: true }, 5],
      [{ Captive: true, Broker: true, FirstFamily: true }, 6],
      [{ Captive: true, Broker: true, FirstFamily: true, SpecifyAgents: true, AgentIds: [DEMO_AGENT_IDS.captive] }, 7],
    ];
    for (const [toggles, channel] of cases) expect((await create(toggles)).Channel).toBe(channel);
  });

  it('answers every required-field message of the fund form at once, zero prices counting as missing', async () => {
    const res = await api.call('funds.create', {
      body: fundBody({ Name: ' ', Code: '', LineOfBusiness: null, Category: null, CaptivePrice: 0, BrokerPrice: '', StartDate: null, EndDate: '' }),
      session: admin,
    });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual([
      'Name is required.',
      'Code is required.',
      'Line of Business is required.',
      'Category is required.',
      'Captive Price is required.',
      'Broker Price is required.',
      'Start Date is required.',
      'End Date is required.',
    ]);
  });

  it("refuses an end date less than a day after the start with 'End Date must be after start date.'", async () => {
    const res = await api.call('funds.create', { body: fundBody({ StartDate: day(3), EndDate: day(3) }), session: admin });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual(['End Date must be after start date.']);
    expect((await api.call('funds.create', { body: fundBody({ StartDate: day(3), EndDate: day(4) }), session: admin })).status).toBe(200);
  });

  it('refuses a start date before today', async () => {
    const res = await api.call('funds.create', { body: fundBody({ StartDate: day(-1) }), session: admin });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual(['Start Date cannot be before today.']);
  });

  it("refuses a fund with no channel unless FirstFamily is on: 'Captive/Broker or Specify Agents is required.'", async () => {
    const res = await api.call('funds.create', { body: fundBody({ Captive: false }), session: admin });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual(['Captive/Broker or Specify Agents is required.']);
    expect((await create({ Captive: false, FirstFamily: true })).Channel).toBe(3);
  });

  it("refuses Specify Agents without agents: 'At least 1 agent should be added in this fund.'", async () => {
    const res = await api.call('funds.create', { body: fundBody({ SpecifyAgents: true, AgentIds: [] }), session: admin });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual(['At least 1 agent should be added in this fund.']);
  });

  it('refuses specified agents that are not on file, and lists each agent once', async () => {
    const res = await api.call('funds.create', { body: fundBody({ SpecifyAgents: true, AgentIds: [DEMO_AGENT_IDS.captive, 'A999999'] }), session: admin });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual(['Agent A999999 was not found.']);
    const fund = await create({ SpecifyAgents: true, AgentIds: [DEMO_AGENT_IDS.captive, DEMO_AGENT_IDS.captive] });
    expect(fund.AgentIds).toEqual([DEMO_AGENT_IDS.captive]);
    expect(fund.SpecifiedAgents[0]).toMatchObject({ AgentId: DEMO_AGENT_IDS.captive, FirstName: expect.any(String) });
  });

  it("refuses a code another fund holds, whatever its case: 'Duplicate fund code.' (also a seeded code)", async () => {
    await create({ Code: 'DUP-ONE' });
    for (const code of ['dup-one', ' DUP-ONE ', 'hlth-ex']) {
      const res = await api.call('funds.create', { body: fundBody({ Code: code }), session: admin });
      expect(res.status).toBe(400);
      expect(res.errors).toEqual(['Duplicate fund code.']);
    }
  });

  it('lets only one of two concurrent creates of the same code through', async () => {
    const results = await Promise.all(['race-code', 'RACE-CODE'].map((Code) => api.call('funds.create', { body: fundBody({ Code }), session: admin })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400].sort());
    const funds = (await Fund.query.byName().all()).filter((f) => f.code.toLowerCase() === 'race-code');
    expect(funds).toHaveLength(1);
  });

  it('writes nothing when the transaction fails half-way (guard taken, no fund, no history)', async () => {
    await UniqueValue.put({ kind: 'FUND_CODE', value: 'orphan-check', ownerId: 'someone-else' });
    const before = (await Fund.query.byName().all()).length;
    const res = await api.call('funds.create', { body: fundBody({ Code: 'ORPHAN-CHECK' }), session: admin });
    expect(res.errors).toEqual(['Duplicate fund code.']);
    expect((await Fund.query.byName().all()).length).toBe(before);
  });

  it('refuses staff without CAN_EDIT_FUNDS and agents with 403', async () => {
    expect((await api.call('funds.create', { body: fundBody(), session: manager })).status).toBe(403);
    expect((await api.call('funds.create', { body: fundBody(), session: captive })).status).toBe(403);
  });
});

describe('GET /api/fund/{fundId}', () => {
  it('reads a fund with its campaign vendors for staff who view funds, 404 for an unknown one, 403 for agents', async () => {
    const seeded = (await Fund.query.byName().all()).find((f) => f.code === 'HLTH-EX')!;
    const res = await api.call('funds.get', { params: { fundId: seeded.fundId }, session: manager });
    expect(res.status).toBe(200);
    // Health Web Leads (Acme, BlueSky) and Health Live Transfer (BlueSky, Summit; seed/campaigns.ts) feed it.
    expect(res.body.CampaignVendors.map((cv) => cv.Vendor).sort()).toEqual(['Acme Leads', 'BlueSky Marketing', 'BlueSky Marketing', 'Summit Calls']);
    expect(res.body.Revision).toBeGreaterThanOrEqual(1);
    expect((await api.call('funds.get', { params: { fundId: 'no-such-fund' }, session: admin })).status).toBe(404);
    expect((await api.call('funds.get', { params: { fundId: seeded.fundId }, session: captive })).status).toBe(403);
  });
});

describe('PUT /api/fund', () => {
  it('updates at the revision read, moves the code guard and adds an Updated history row', async () => {
    const fund = await create({ Code: 'MOVE-A' });
    const res = await api.call('funds.update', {
      body: { ...fundBody({ Code: 'move-b', Name: 'Renamed', BrokerPrice: 20 }), FundId: fund.FundId, Revision: 1 },
      session: admin,
    });
    expect(res.errors).toEqual([]);
    expect(res.body).toMatchObject({ Name: 'Renamed', Code: 'move-b', BrokerPrice: 20, Revision: 2 });
    expect(await UniqueValue.get({ kind: 'FUND_CODE', value: 'move-a' })).toBeUndefined();
    expect(await UniqueValue.get({ kind: 'FUND_CODE', value: 'move-b' })).toMatchObject({ ownerId: fund.FundId });
    // The old code is free again.
    await create({ Code: 'MOVE-A' });
    const history = (await api.call('funds.history', { params: { fundId: fund.FundId }, session: admin })).body;
    expect(history.map((h) => h.Name)).toEqual(['Renamed', 'Arizona Health Shared']);
  });

  it('refuses a stale revision with 409 and the stale-edit message, changing nothing', async () => {
    const fund = await create();
    const first = await api.call('funds.update', { body: { ...fundBody({ Name: 'First' }), FundId: fund.FundId, Revision: 1 }, session: admin });
    expect(first.status).toBe(200);
    const second = await api.call('funds.update', { body: { ...fundBody({ Name: 'Second' }), FundId: fund.FundId, Revision: 1 }, session: admin });
    expect(second.status).toBe(409);
    expect(second.errors).toEqual([STALE_EDIT_MESSAGE]);
    expect((await Fund.get({ fundId: fund.FundId }))!.name).toBe('First');
    expect(await FundHistory.query.ofFund(fund.FundId).all()).toHaveLength(2);
  });

  it('refuses a code change to a code another fund holds', async () => {
    await create({ Code: 'TAKEN-X' });
    const fund = await create();
    const res = await api.call('funds.update', { body: { ...fundBody({ Code: 'taken-x' }), FundId: fund.FundId, Revision: 1 }, session: admin });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual(['Duplicate fund code.']);
  });

  it('keeps an unchanged past start date, but refuses moving it to another past day', async () => {
    const seeded = (await Fund.query.byName().all()).find((f) => f.code === 'LIFE-PR')!;
    const read = (await api.call('funds.get', { params: { fundId: seeded.fundId }, session: admin })).body;
    const body = {
      ...fundBody({ Code: read.Code, Name: read.Name, StartDate: read.StartDate.slice(0, 10), EndDate: read.EndDate.slice(0, 10), BrokerPrice: 10 }),
      FundId: read.FundId,
      Revision: read.Revision,
    };
    const kept = await api.call('funds.update', { body, session: admin });
    expect(kept.errors).toEqual([]);
    const moved = await api.call('funds.update', { body: { ...body, StartDate: day(-2), Revision: kept.body.Revision }, session: admin });
    expect(moved.errors).toEqual(['Start Date cannot be before today.']);
  });

  it('answers 404 for an unknown fund and 403 without CAN_EDIT_FUNDS', async () => {
    expect((await api.call('funds.update', { body: { ...fundBody(), FundId: 'nope', Revision: 1 }, session: admin })).status).toBe(404);
    expect((await api.call('funds.update', { body: { ...fundBody(), FundId: 'nope', Revision: 1 }, session: manager })).status).toBe(403);
  });
});

describe('PATCH /api/fund/enable|disable/{fundId}', () => {
  it('switches a fund off and on, each with its history row and the next revision', async () => {
    const fund = await create();
    const off = await api.call('funds.disable', { params: { fundId: fund.FundId }, session: admin });
    expect(off.body).toMatchObject({ IsActive: false, Revision: 2, ModifiedBy: 'admin@leadportal.example.com' });
    const on = await api.call('funds.enable', { params: { fundId: fund.FundId }, body: { Revision: 2 }, session: admin });
    expect(on.body).toMatchObject({ IsActive: true, Revision: 3 });
    const history = (await api.call('funds.history', { params: { fundId: fund.FundId }, session: admin })).body;
    expect(history.map((h) => h.IsActive)).toEqual([true, false, true]);
  });

  it('refuses a stale revision with 409, an unknown fund with 404 and a manager with 403', async () => {
    const fund = await create();
    const stale = await api.call('funds.disable', { params: { fundId: fund.FundId }, body: { Revision: 5 }, session: admin });
    expect(stale.status).toBe(409);
    expect(stale.errors).toEqual([STALE_EDIT_MESSAGE]);
    expect((await api.call('funds.enable', { params: { fundId: 'nope' }, session: admin })).status).toBe(404);
    expect((await api.call('funds.disable', { params: { fundId: fund.FundId }, session: manager })).status).toBe(403);
  });
});

describe('fund history and makeup history', () => {
  it('shows the seeded history newest first', async () => {
    const seeded = (await Fund.query.byName().all()).find((f) => f.code === 'MED-SH')!;
    const rows = (await api.call('funds.history', { params: { fundId: seeded.fundId }, session: manager })).body;
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const times = rows.map((r) => r.Modified);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('reads makeup history rows written by the campaigns side, newest first', async () => {
    const fund = await create();
    const row = (modified: string, changeType: 'Added' | 'PriorityChange', priority: number) =>
      FundMakeupHistory.createTx({
        fundId: fund.FundId,
        historyId: `${changeType}-${priority}`,
        modified,
        modifiedBy: 'admin@leadportal.example.com',
        campaignVendorId: 'cv-1',
        campaignName: 'Health Web Leads',
        vendorName: 'Acme Leads',
        priority,
        isActive: true,
        changeType,
      });
    await transactWrite([row('2026-01-01T10:00:00.000Z', 'Added', 1), row('2026-02-01T10:00:00.000Z', 'PriorityChange', 2)]);
    const res = await api.call('funds.makeupHistory', { params: { fundId: fund.FundId }, session: manager });
    expect(res.body).toEqual([
      expect.objectContaining({ Campaign: 'Health Web Leads', Vendor: 'Acme Leads', Priority: 2, ChangeType: 'PriorityChange', Modified: '2026-02-01T10:00:00.000Z' }),
      expect.objectContaining({ Priority: 1, ChangeType: 'Added' }),
    ]);
  });

  it('refuses agents (403) and answers 404 for an unknown fund', async () => {
    const fund = await create();
    expect((await api.call('funds.history', { params: { fundId: fund.FundId }, session: captive })).status).toBe(403);
    expect((await api.call('funds.makeupHistory', { params: { fundId: fund.FundId }, session: captive })).status).toBe(403);
    expect((await api.call('funds.history', { params: { fundId: 'nope' }, session: admin })).status).toBe(404);
  });
});

describe('how a new fund reaches agents (spec part 1 §6)', () => {
  const codesOf = async (session: Session) => (await api.call('funds.list', { session })).body.map((f) => f.Code);

  it("shows a new Captive fund in a captive agent's Available Funds and not a broker's", async () => {
    const fund = await create({ Code: 'REACH-CAPTIVE', Captive: true });
    expect(await codesOf(captive)).toContain(fund.Code);
    expect(await codesOf(broker)).not.toContain(fund.Code);
  });

  it('shows a specified-agents fund only to its agents, and a disabled or not yet started fund to nobody', async () => {
    const listed = await create({ Code: 'REACH-SPEC', SpecifyAgents: true, AgentIds: [DEMO_AGENT_IDS.broker] });
    expect(await codesOf(broker)).toContain(listed.Code);
    expect(await codesOf(captive)).not.toContain(listed.Code);
    await api.call('funds.disable', { params: { fundId: listed.FundId }, session: admin });
    expect(await codesOf(broker)).not.toContain(listed.Code);
    const later = await create({ Code: 'REACH-LATER', StartDate: day(2), EndDate: day(9) });
    expect(await codesOf(captive)).not.toContain(later.Code);
    // Staff see every fund.
    expect(await codesOf(admin)).toEqual(expect.arrayContaining([listed.Code, later.Code]));
  });
});
