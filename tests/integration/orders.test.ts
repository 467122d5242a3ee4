// Orders (spec part 2; issue 10) through the real gateway and handlers against DynamoDB Local: both
// save flows with their statuses, the idempotent create, stale revisions, whose orders a caller may
// touch, the server's step rules with the §5 messages (and nothing written), statuses and histories.
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type * as Db from '#platform/db.ts';
import type { CampaignOrderBody, FundOrderBody } from '#shared/orders/payload.ts';
import { useApiHarness, type Session } from '../support/api-harness.ts';

// DynamoDB refuses a transaction that meets another on the same item (a sale on the header) with
// TransactionConflict, which DynamoDB Local,
// serialising transactions, rarely gives: a test asks for the next few transactions writing one
// order's header to be refused so.
const conflicts = vi.hoisted(() => ({ pk: '', left: 0, seen: 0 }));
vi.mock('#platform/db.ts', async (importOriginal) => {
  const original = await importOriginal<typeof Db>();
  return {
    ...original,
    transactWrite: async (...args: Parameters<typeof original.transactWrite>) => {
      if (conflicts.left > 0 && args[0].some((item) => (item.kind === 'put' ? item.item.pk : item.key.pk) === conflicts.pk)) {
        conflicts.left--;
        conflicts.seen++;
        throw new original.TransactionConflict();
      }
      return original.transactWrite(...args);
    },
  };
});

const api = useApiHarness();

const { stableId } = await import('#core/seed/ids.ts');
const { DEMO_AGENT_IDS } = await import('#core/seed/demo-users.ts');
const { Order } = await import('#entities/order.ts');
const { OrderTarget } = await import('#entities/order-target.ts');
const { OrderRecipient } = await import('#entities/order-recipient.ts');
const { OrderHistory } = await import('#entities/order-history.ts');
const { Downline } = await import('#entities/downline.ts');
const { ORDER_WIZARD_TEXTS, ORDER_SERVER_MESSAGES, DAYS } = await import('#shared/orders/order.ts');
const { FUND_STEP_MESSAGES } = await import('#shared/orders/step-funds.ts');
const { DISTRIBUTION_MESSAGES } = await import('#shared/orders/step-distribution.ts');
const { FREQUENCY_MESSAGES } = await import('#shared/orders/step-frequency.ts');
const { NAME_MESSAGES } = await import('#shared/orders/step-name.ts');
const { REGION_MESSAGES } = await import('#shared/orders/step-regions.ts');
const { SCHEDULE_MESSAGES } = await import('#shared/orders/step-schedule.ts');

const SPONSOR = DEMO_AGENT_IDS.sponsor;
const CAPTIVE = DEMO_AGENT_IDS.captive;
const fund = (code: string) => stableId('fund', code);
const campaign = (code: string) => stableId('campaign', code);
const vendor = (code: string) => stableId('vendor', code);

let sponsor: Session;
let captive: Session;
let admin: Session;
let support: Session;
let manager: Session;
let assistant: Session;
let n = 0;
const newId = () => `O-test-${Date.now().toString(36)}-${++n}`;

const fundBody = (over: Partial<FundOrderBody> = {}): FundOrderBody => ({
  OrderId: newId(),
  Description: 'Health in Illinois',
  SelectedFunds: [fund('HLTH-EX')],
  StatesOnly: true,
  States: [{ StateAbbreviation: 'IL' }, { StateAbbreviation: 'WI' }],
  ZipCodes: [],
  MaxPerHour: 2,
  MaxPerDay: 10,
  MaxPerWeek: 40,
  MaxPerMonth: 100,
  OrderRecipients: [{ AgentId: SPONSOR, Percentage: 60 }, { AgentId: CAPTIVE, Percentage: 40 }],
  OrderTimeSlots: [{ StartSlot: 16, EndSlot: 36, Days: ['Monday', 'Tuesday', 'Wednesday'] }],
  ...over,
});

const campaignBody = (over: Partial<CampaignOrderBody> = {}): CampaignOrderBody => ({
  OrderId: newId(),
  Description: 'Web health leads',
  Campaigns: [{ CampaignId: campaign('HWL'), VendorIds: [vendor('ACME'), vendor('BLUE')] }],
  States: [],
  ZipCodes: [{ Key: 'Zip Codes', ZipCodes: [{ ZipCode: '60601' }, { ZipCode: '60602' }, { ZipCode: '53202' }] }],
  MaxPerDay: 5,
  OrderRecipients: [{ AgentId: SPONSOR, Percentage: 100 }],
  OrderTimeSlots: [{ StartSlot: 0, EndSlot: 48, Monday: true, Tuesday: true, Wednesday: true, Thursday: true, Friday: true, Saturday: false, Sunday: false }],
  Created: '/Date(1714557600000)/',
  ...over,
});

beforeAll(async () => {
  [sponsor, captive, admin, support, manager, assistant] = await Promise.all([
    api.sessionFor('sponsor agent'),
    api.sessionFor('captive agent'),
    api.sessionFor('admin'),
    api.sessionFor('support'),
    api.sessionFor('manager'),
    api.sessionFor('sales assistant'),
  ]);
});

const createFund = (body: FundOrderBody, session = sponsor, agentId: string = SPONSOR) =>
  api.call('orders.createFundOrder', { params: { agentId }, body, session });

describe('fund orders', () => {
  it('creates a fund order: 201 with the order, its recipients, slots, caps and counts', async () => {
    const body = fundBody();
    const res = await createFund(body);

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      OrderId: body.OrderId,
      AgentId: SPONSOR,
      Description: 'Health in Illinois',
      Status: 1,
      IsFundOrder: true,
      StatesOnly: true,
      StateCount: 2,
      ZipCodeCount: 0,
      MaxPerDay: 10,
      UsedPerDay: 0,
      Funds: [{ FundId: fund('HLTH-EX'), Name: 'Health Exclusive' }],
      OrderTimeSlots: [{ StartSlot: 16, EndSlot: 36, Days: ['Monday', 'Tuesday', 'Wednesday'] }],
      AttentionReasons: [],
      Revision: 1,
    });
    expect(res.body.UserFacingOrderId).toBeGreaterThan(100_000);
    expect(res.body.OrderRecipients).toEqual([
      expect.objectContaining({ AgentId: SPONSOR, FirstName: 'Sofia', Percentage: 60, Count: 0, Terminated: false }),
      expect.objectContaining({ AgentId: CAPTIVE, FirstName: 'Carlos', Percentage: 40, Terminated: false }),
    ]);
    // One routing target per state, in the open-orders index while Active; one recipient item for the captive agent.
    const targets = await OrderTarget.query.ofOrder(body.OrderId).all({ consistent: true });
    expect(targets.map((t) => [t.state, t.active, t.fundIds])).toEqual([['IL', true, [fund('HLTH-EX')]], ['WI', true, [fund('HLTH-EX')]]]);
    expect((await OrderTarget.query.openInState('IL').all()).map((t) => t.orderId)).toContain(body.OrderId);
    expect((await OrderRecipient.query.ordersReceivedBy(CAPTIVE).all()).map((r) => r.orderId)).toContain(body.OrderId);
  });

  it('answers a replayed create with the order it saved, without a second order or number', async () => {
    const body = fundBody();
    const first = await createFund(body);
    const again = await createFund(body);

    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await OrderHistory.query.ofOrder(body.OrderId).all({ consistent: true })).toHaveLength(1);
  });

  it("refuses an OrderId another agent's order holds, and shows none of it", async () => {
    const body = fundBody({ OrderRecipients: [{ AgentId: SPONSOR, Percentage: 100 }] });
    await createFund(body);

    const res = await createFund({ ...body, OrderRecipients: [{ AgentId: CAPTIVE, Percentage: 100 }] }, captive, CAPTIVE);

    expect(res.status).toBe(409);
    expect(res.errors).toEqual([ORDER_SERVER_MESSAGES.orderIdTaken]);
    expect(JSON.stringify(res.body)).not.toContain('Health in Illinois');
  });

  it('updates at the revision read and refuses a stale one with 409 and the stale text', async () => {
    const body = fundBody();
    await createFund(body);
    const put = (over: Partial<FundOrderBody>) =>
      api.call('orders.updateFundOrder', { params: { agentId: SPONSOR, orderId: body.OrderId }, body: { ...body, ...over }, session: sponsor });

    const updated = await put({ Description: 'Renamed', Revision: 1, StatesOnly: false, States: [], ZipCodes: [{ Key: 'Zip Codes', ZipCodes: [{ ZipCode: '60601' }] }] });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ Description: 'Renamed', Revision: 2, StatesOnly: false, StateCount: 1, ZipCodeCount: 1 });
    // WI is gone with the states; IL now carries only its zip.
    expect((await OrderTarget.query.ofOrder(body.OrderId).all({ consistent: true })).map((t) => [t.state, t.zips])).toEqual([['IL', ['60601']]]);

    const stale = await put({ Description: 'Too late', Revision: 1 });
    expect(stale.status).toBe(409);
    expect(stale.errors).toEqual([ORDER_WIZARD_TEXTS.stale]);
    expect((await Order.get({ orderId: body.OrderId }, { consistent: true }))?.description).toBe('Renamed');
  });

  it('saves again when another transaction on the same items conflicts, and answers the conflict when it keeps on', async () => {
    const body = fundBody();
    conflicts.pk = `ORDER#${body.OrderId}`;
    conflicts.left = 1;
    conflicts.seen = 0;
    expect((await createFund(body)).status).toBe(201);
    expect(conflicts.seen).toBe(1);
    const created = (await Order.get({ orderId: body.OrderId }, { consistent: true }))!;
    conflicts.left = 2;
    conflicts.seen = 0;
    const edit = await api.call('orders.updateFundOrder', { params: { agentId: SPONSOR, orderId: body.OrderId }, body: { ...body, Description: 'Renamed after two conflicts', Revision: created.revision }, session: sponsor });
    expect(edit.status, edit.errors.join()).toBe(200);
    expect(conflicts.seen).toBe(2);
    expect((await Order.get({ orderId: body.OrderId }, { consistent: true }))!).toMatchObject({ description: 'Renamed after two conflicts', revision: created.revision + 1 });
    const other = fundBody();
    conflicts.pk = `ORDER#${other.OrderId}`;
    conflicts.left = 10;
    const refused = await createFund(other);
    conflicts.left = 0;
    expect(refused.status).toBe(409);
    expect(await Order.get({ orderId: other.OrderId }, { consistent: true })).toBeUndefined();
  });

  it('removes the recipient items of agents the update leaves out, and refuses the other wizard on the order', async () => {
    const body = fundBody();
    await createFund(body);
    const res = await api.call('orders.updateFundOrder', { params: { agentId: SPONSOR, orderId: body.OrderId }, body: { ...body, OrderRecipients: [{ AgentId: SPONSOR, Percentage: 100 }], Revision: 1 }, session: sponsor });
    expect(res.status).toBe(200);
    expect(await OrderRecipient.query.ofOrder(body.OrderId).all({ consistent: true })).toEqual([]);

    const other = await api.call('orders.update', { params: { agentId: SPONSOR }, body: campaignBody({ OrderId: body.OrderId, Revision: 2 }), session: sponsor });
    expect(other.status).toBe(400);
    expect(other.errors).toEqual([ORDER_SERVER_MESSAGES.wrongFlow(true)]);
    const noRevision = await api.call('orders.updateFundOrder', { params: { agentId: SPONSOR, orderId: body.OrderId }, body, session: sponsor });
    expect(noRevision.errors).toEqual([ORDER_SERVER_MESSAGES.revisionRequired]);
  });

  it('reads the order back with its geography (edit) and its details, and 404s it under another agent', async () => {
    const body = fundBody({ StatesOnly: false, States: [], ZipCodes: [{ Key: 'Area 606', ZipCodes: [{ ZipCode: '60601' }, { ZipCode: '60602' }] }] });
    await createFund(body);

    const got = await api.call('orders.get', { params: { agentId: SPONSOR, orderId: body.OrderId }, session: sponsor });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ States: [], ZipCodes: [{ Key: 'Area 606', ZipCodes: [{ ZipCode: '60601' }, { ZipCode: '60602' }] }] });
    const details = await api.call('orders.details', { params: { agentId: SPONSOR, orderId: body.OrderId }, session: admin });
    expect(details.body).toMatchObject({ OrderId: body.OrderId, ZipCodes: [{ Key: 'Area 606' }] });

    const elsewhere = await api.call('orders.get', { params: { agentId: CAPTIVE, orderId: body.OrderId }, session: captive });
    expect(elsewhere.status).toBe(404);
    expect(JSON.stringify(elsewhere.body)).not.toContain('Area 606');
    const notMine = await api.call('orders.get', { params: { agentId: SPONSOR, orderId: body.OrderId }, session: captive });
    expect(notMine.status).toBe(403);
  });

  it('refuses an inactive or expired fund, a fund not offered to the agent, and a fund that does not exist, writing nothing', async () => {
    for (const code of ['DENTAL', 'LEGACY', 'EMP-GR', 'NOPE']) {
      const body = fundBody({ SelectedFunds: [fund(code)] });
      const res = await createFund(body);
      expect(res.status, code).toBe(400);
      expect(res.errors, code).toEqual([FUND_STEP_MESSAGES.inactive]);
      expect(await Order.get({ orderId: body.OrderId }, { consistent: true }), code).toBeUndefined();
    }
  });

  it('refuses a recipient outside the downline and a terminated one', async () => {
    const outside = await createFund(fundBody({ OrderRecipients: [{ AgentId: SPONSOR, Percentage: 50 }, { AgentId: DEMO_AGENT_IDS.broker, Percentage: 50 }] }));
    expect(outside.status).toBe(400);
    expect(outside.errors).toEqual([DISTRIBUTION_MESSAGES.notFound]);

    const team = await Downline.query.ofAncestor(SPONSOR).all();
    const termed = team.find((d) => d.status === 0);
    if (termed) {
      const res = await createFund(fundBody({ OrderRecipients: [{ AgentId: SPONSOR, Percentage: 50 }, { AgentId: termed.descendantId, Percentage: 50 }] }));
      expect(res.status).toBe(400);
      expect(res.errors).toEqual([DISTRIBUTION_MESSAGES.fundTerminated]);
    }
  });

  it('with a live transfer fund, sends every lead to the owner only', async () => {
    const res = await createFund(fundBody({ SelectedFunds: [fund('LT-MED')] }));
    expect(res.status).toBe(400);
    expect(res.errors).toEqual([DISTRIBUTION_MESSAGES.fundLiveTransfer]);

    const alone = await createFund(fundBody({ SelectedFunds: [fund('LT-MED')], OrderRecipients: [{ AgentId: SPONSOR, Percentage: 100 }] }));
    expect(alone.status).toBe(201);
  });

  it('answers a bad body with 400 and the step messages of §5, and writes nothing', async () => {
    const body = fundBody({
      Description: '',
      SelectedFunds: [],
      States: [],
      MaxPerHour: 0,
      MaxPerDay: 0,
      MaxPerWeek: 0,
      MaxPerMonth: 0,
      OrderRecipients: [{ AgentId: SPONSOR, Percentage: 90 }],
      OrderTimeSlots: [],
    });
    const res = await createFund(body);

    expect(res.status).toBe(400);
    expect(res.errors).toEqual(
      expect.arrayContaining([
        NAME_MESSAGES.required,
        FUND_STEP_MESSAGES.required,
        REGION_MESSAGES.fundRequired,
        FREQUENCY_MESSAGES.fundRequired,
        DISTRIBUTION_MESSAGES.fundTotal,
        SCHEDULE_MESSAGES.fundSlotRequired,
      ]),
    );
    expect(await Order.get({ orderId: body.OrderId }, { consistent: true })).toBeUndefined();

    const order = await createFund(fundBody({ MaxPerHour: 20, MaxPerDay: 10 }));
    expect(order.errors).toEqual([FREQUENCY_MESSAGES.fundOrder('daily', 10)]);
    const zip = await createFund(fundBody({ StatesOnly: false, ZipCodes: [{ Key: 'Zip Codes', ZipCodes: [{ ZipCode: '00000' }] }] }));
    expect(zip.errors).toEqual([REGION_MESSAGES.invalidZip]);
  });
});

describe('campaign orders', () => {
  it('creates with 201 and updates with 204, the Created wrapper ignored', async () => {
    const body = campaignBody();
    const res = await api.call('orders.create', { params: { agentId: SPONSOR }, body, session: sponsor });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      IsFundOrder: false,
      StatesOnly: false,
      ZipCodeCount: 3,
      StateCount: 2,
      MaxPerDay: 5,
      MaxPerHour: 0,
      Campaigns: [{ CampaignId: campaign('HWL'), CampaignName: 'Health Web Leads', Vendors: [{ VendorName: 'Acme Leads' }, { VendorName: 'BlueSky Marketing' }] }],
      OrderTimeSlots: [{ StartSlot: 0, EndSlot: 48, Days: [...DAYS.slice(0, 5)] }],
    });

    const patched = await api.call('orders.update', { params: { agentId: SPONSOR }, body: { ...body, Description: 'Web health, weekdays', Revision: 1, Status: 0 }, session: sponsor });
    expect(patched.status).toBe(204);
    const after = await api.call('orders.get', { params: { agentId: SPONSOR, orderId: body.OrderId }, session: sponsor });
    expect(after.body).toMatchObject({ Description: 'Web health, weekdays', Status: 0, Revision: 2 });
    const statuses = await api.call('orders.statusHistory', { params: { agentId: SPONSOR, orderId: body.OrderId }, session: sponsor });
    expect(statuses.body.map((s) => [s.PreviousState, s.NewStatus])).toEqual([['Active', 'Paused'], ['', 'Active']]);
  });

  it('refuses a vendor that does not sell the lead type and a campaign the agent is not offered', async () => {
    const wrongVendor = await api.call('orders.create', { params: { agentId: SPONSOR }, body: campaignBody({ Campaigns: [{ CampaignId: campaign('HWL'), VendorIds: [vendor('SUMMIT')] }] }), session: sponsor });
    expect(wrongVendor.status).toBe(400);
    expect(wrongVendor.errors).toEqual([ORDER_SERVER_MESSAGES.vendorUnavailable]);
    const expired = await api.call('orders.create', { params: { agentId: SPONSOR }, body: campaignBody({ Campaigns: [{ CampaignId: campaign('SPR23'), VendorIds: [vendor('OLDCO')] }] }), session: sponsor });
    expect(expired.errors).toEqual([ORDER_SERVER_MESSAGES.campaignUnavailable]);
  });

  it('gives the campaign flow its own distribution texts', async () => {
    const res = await api.call('orders.create', {
      params: { agentId: SPONSOR },
      body: campaignBody({ Campaigns: [{ CampaignId: campaign('MLT'), VendorIds: [vendor('SUMMIT')] }], OrderRecipients: [{ AgentId: SPONSOR, Percentage: 50 }, { AgentId: CAPTIVE, Percentage: 50 }] }),
      session: sponsor,
    });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual([DISTRIBUTION_MESSAGES.campaignLiveTransfer]);
  });
});

describe('lists and statuses', () => {
  it('lists newest first; activeOnly leaves Cancelled out; the toggle, Cancel and Reactivate follow §4 with a status history row each', async () => {
    const mine = [{ AgentId: CAPTIVE, Percentage: 100 }];
    const a = fundBody({ Description: 'First', OrderRecipients: mine });
    const b = fundBody({ Description: 'Second', OrderRecipients: mine });
    expect((await createFund(a, captive, CAPTIVE)).status).toBe(201);
    expect((await createFund(b, captive, CAPTIVE)).status).toBe(201);
    const status = (orderId: string, code: '0' | '1' | '2', session = captive) =>
      api.call('orders.setStatus', { params: { agentId: CAPTIVE, orderId, statusCode: code }, query: { userName: 'Admin' }, session });

    expect((await status(b.OrderId, '0')).body).toMatchObject({ Status: 0 });
    expect((await OrderTarget.query.ofOrder(b.OrderId).all({ consistent: true })).every((t) => !t.active)).toBe(true);
    expect((await status(b.OrderId, '1')).body).toMatchObject({ Status: 1 });
    expect((await status(b.OrderId, '2')).body).toMatchObject({ Status: 2 });
    const back = await status(b.OrderId, '1');
    expect(back.status).toBe(400);
    expect(back.errors).toEqual([ORDER_SERVER_MESSAGES.statusChange('Cancelled', 'Active')]);

    const active = await api.call('orders.list', { params: { agentId: CAPTIVE, activeOnly: 'true' }, session: captive });
    expect(active.body.map((o) => o.OrderId)).not.toContain(b.OrderId);
    const all = await api.call('orders.list', { params: { agentId: CAPTIVE, activeOnly: 'false' }, session: assistant });
    expect(all.status).toBe(200);
    expect(all.body.map((o) => o.OrderId).filter((id) => id === a.OrderId || id === b.OrderId)).toEqual([b.OrderId, a.OrderId]);
    expect(all.body.find((o) => o.OrderId === b.OrderId)?.Status).toBe(2);
    expect(all.body.map((o) => o.Created)).toEqual([...all.body.map((o) => o.Created)].sort().reverse());

    expect((await status(b.OrderId, '0')).body).toMatchObject({ Status: 0 });
    const rows = await api.call('orders.statusHistory', { params: { agentId: CAPTIVE, orderId: b.OrderId }, session: captive });
    expect(rows.body.map((r) => `${r.PreviousState}>${r.NewStatus}`)).toEqual(['Cancelled>Paused', 'Active>Cancelled', 'Paused>Active', 'Active>Paused', '>Active']);
    const history = await api.call('orders.history', { params: { agentId: CAPTIVE, orderId: b.OrderId }, session: captive });
    expect(history.body).toHaveLength(1);
    expect(history.body[0]).toMatchObject({ Description: 'Second', Funds: ['Health Exclusive'], States: ['IL', 'WI'], Status: 'Active' });
  });
});

describe('usage', () => {
  it("shows what the order used in the account's current hour, day, week and month from its header's usage", async () => {
    // The test writes the usage of the hour it reads, the server reads its own: the clock (Date only,
    // still running) starts at a fixed instant far from any hour, day, week or month boundary of every
    // account zone, so both read the same periods.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-10T17:20:00Z'), shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    const { AgentProfile } = await import('#entities/agent-profile.ts');
    const { periodKeys } = await import('#core/orders/periods.ts');
    const { TIME_ZONES } = await import('#shared/time-zones.ts');
    const body = fundBody();
    await createFund(body);
    const zone = TIME_ZONES[(await AgentProfile.get({ agentId: SPONSOR }))!.timeZone as keyof typeof TIME_ZONES];
    const keys = periodKeys(new Date(), zone);
    // What the lead engine writes with a lead: the usage, the order's lastLeadAt and lead count. A
    // month that has turned reads as 0 (here the week's stored key is an old one).
    const current = (await Order.get({ orderId: body.OrderId }, { consistent: true }))!;
    const usage = { HOUR: { key: keys.HOUR, count: 1 }, WEEK: { key: '2000-W01', count: 50 }, MONTH: { key: keys.MONTH, count: 9 }, days: { [keys.DAY]: 3, '2000-01-01': 50 } };
    await Order.patch({ orderId: body.OrderId }, { set: { lastLeadAt: new Date().toISOString(), usage }, add: { leadCount: 9 } }, { current });

    const list = await api.call('orders.list', { params: { agentId: SPONSOR, activeOnly: 'true' }, session: sponsor });

    expect(list.body.find((o) => o.OrderId === body.OrderId)).toMatchObject({ UsedPerHour: 1, UsedPerDay: 3, UsedPerWeek: 0, UsedPerMonth: 9 });
  });
});

describe('who may', () => {
  it('refuses the sales assistant every write', async () => {
    const res = await createFund(fundBody({ OrderRecipients: [{ AgentId: CAPTIVE, Percentage: 100 }] }), assistant, CAPTIVE);
    expect(res.status).toBe(403);
  });

  it('lets an admin create for an agent, and refuses support and managers', async () => {
    const body = fundBody({ OrderRecipients: [{ AgentId: CAPTIVE, Percentage: 100 }] });
    expect((await createFund(body, admin, CAPTIVE)).status).toBe(201);
    const bySupport = await createFund(fundBody({ OrderRecipients: [{ AgentId: CAPTIVE, Percentage: 100 }] }), support, CAPTIVE);
    expect(bySupport.status).toBe(403);
    expect(bySupport.errors).toEqual([ORDER_SERVER_MESSAGES.staffCannotCreate]);
    expect((await createFund(fundBody({ OrderRecipients: [{ AgentId: CAPTIVE, Percentage: 100 }] }), manager, CAPTIVE)).status).toBe(403);
    // Support may still pause and cancel (CAN_ACTIVATE_ORDERS); a manager may not.
    expect((await api.call('orders.setStatus', { params: { agentId: CAPTIVE, orderId: body.OrderId, statusCode: '0' }, session: support })).status).toBe(200);
    expect((await api.call('orders.setStatus', { params: { agentId: CAPTIVE, orderId: body.OrderId, statusCode: '1' }, session: manager })).status).toBe(403);
  });

  it('lets an admin edit an agent\u2019s order and refuses support', async () => {
    const body = fundBody({ OrderRecipients: [{ AgentId: CAPTIVE, Percentage: 100 }] });
    await createFund(body, captive, CAPTIVE);
    const put = (session: Session, Description: string) =>
      api.call('orders.updateFundOrder', { params: { agentId: CAPTIVE, orderId: body.OrderId }, body: { ...body, Description, Revision: 1 }, session });

    const bySupport = await put(support, 'By support');
    expect(bySupport.status).toBe(403);
    expect(bySupport.errors).toEqual([ORDER_SERVER_MESSAGES.staffCannotEdit]);
    const byAdmin = await put(admin, 'By admin');
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ Description: 'By admin', ModifiedBy: 'admin@leadportal.example.com' });
  });

  it('lets a manager who is a sponsor agent toggle a subagent\u2019s order, but not cancel it, nor toggle a non-subagent\u2019s', async () => {
    const { User } = await import('#entities/user.ts');
    await User.put({
      userId: 'U-manager-sponsor', email: 'manager.sponsor@leadportal.example.com', name: 'Mia Manager', kind: 'agent', agentId: DEMO_AGENT_IDS.firstFamily,
      isAdmin: false, isManager: true, isLeadConnectHome: false, isSalesAssistant: false, isSponsorAgent: true, isFundPreview: false, createdAt: new Date().toISOString(),
    });
    const managerSponsor = await api.sessionOf('U-manager-sponsor', DEMO_AGENT_IDS.firstFamily);
    const sub = fundBody({ OrderRecipients: [{ AgentId: CAPTIVE, Percentage: 100 }] });
    await createFund(sub, captive, CAPTIVE);
    const status = (agentId: string, orderId: string, code: '0' | '1' | '2') => api.call('orders.setStatus', { params: { agentId, orderId, statusCode: code }, session: managerSponsor });

    expect((await status(CAPTIVE, sub.OrderId, '0')).status).toBe(200);
    const cancel = await status(CAPTIVE, sub.OrderId, '2');
    expect(cancel.status).toBe(403);
    expect(cancel.errors).toEqual([ORDER_SERVER_MESSAGES.managerCannotCancel]);

    const broker = await api.sessionFor('broker agent');
    const top = fundBody({ SelectedFunds: [fund('EMP-GR')], OrderRecipients: [{ AgentId: DEMO_AGENT_IDS.broker, Percentage: 100 }] });
    await createFund(top, broker, DEMO_AGENT_IDS.broker);
    const toggle = await status(DEMO_AGENT_IDS.broker, top.OrderId, '0');
    expect(toggle.status).toBe(403);
    expect(toggle.errors).toEqual([ORDER_SERVER_MESSAGES.managerCannotToggle]);
  });

  it("answers 404 for an order under another agent's id, on every order route", async () => {
    const body = fundBody({ OrderRecipients: [{ AgentId: CAPTIVE, Percentage: 100 }] });
    await createFund(body, captive, CAPTIVE);
    const params = { agentId: SPONSOR, orderId: body.OrderId };
    for (const res of [
      await api.call('orders.details', { params, session: admin }),
      await api.call('orders.history', { params, session: admin }),
      await api.call('orders.statusHistory', { params, session: admin }),
      await api.call('orders.setStatus', { params: { ...params, statusCode: '0' }, session: admin }),
      await api.call('orders.updateFundOrder', { params, body: { ...body, Revision: 1 }, session: admin }),
    ])
      expect(res.status).toBe(404);
    expect((await Order.get({ orderId: body.OrderId }, { consistent: true }))?.status).toBe(1);
  });

  it("refuses an agent another agent's orders", async () => {
    expect((await api.call('orders.list', { params: { agentId: SPONSOR, activeOnly: 'true' }, session: captive })).status).toBe(403);
    expect((await createFund(fundBody(), captive, SPONSOR)).status).toBe(403);
  });
});

describe('routing', () => {
  it('routes POST orders/export to the export, not to an order called "export"', async () => {
    const res = await api.call('orders.openOrdersExport', { params: { agentId: SPONSOR }, query: { fund: 'true', includeCancelled: 'true' }, session: sponsor });
    expect(res.status).toBe(200);
    expect(res.body.FileName).toMatch(/^orders-\d{2}-\d{2}-\d{4}\.csv$/);
    const csv = await (await fetch(res.body.Url)).text();
    expect(csv.split('\r\n')[0]).toContain('Order Id,Name,Status');
    expect(csv).toContain('Health in Illinois');
  });
});
