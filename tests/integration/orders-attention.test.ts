// Orders that need attention (spec part 2 §2, §4; part 3 §4; issue 10) follow their causes when they
// happen, not when a list is read: an agent terminated or reactivated, an agent moved in the
// hierarchy, a fund switched off or on by staff. And Home's order counts and caps come from orders.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FundOrderBody } from '#shared/orders/payload.ts';
import { useApiHarness, type Session } from '../support/api-harness.ts';

const api = useApiHarness();

const { stableId } = await import('#core/seed/ids.ts');
const { DEMO_AGENT_IDS } = await import('#core/seed/demo-users.ts');
const { setAgentStatus, moveAgent } = await import('#core/directory/agent-lifecycle.ts');
const { Order } = await import('#entities/order.ts');
const { Downline } = await import('#entities/downline.ts');

const SPONSOR = DEMO_AGENT_IDS.sponsor;
const CAPTIVE = DEMO_AGENT_IDS.captive;
const PREVIEW = DEMO_AGENT_IDS.fundPreview;
const BROKER = DEMO_AGENT_IDS.broker;
const fund = (code: string) => stableId('fund', code);

let sponsor: Session;
let captive: Session;
let admin: Session;
let n = 0;

const body = (over: Partial<FundOrderBody> = {}): FundOrderBody => ({
  OrderId: `O-att-${Date.now().toString(36)}-${++n}`,
  Description: `Attention ${n}`,
  SelectedFunds: [fund('MED-SH')],
  StatesOnly: true,
  States: [{ StateAbbreviation: 'TX' }],
  ZipCodes: [],
  MaxPerHour: 0,
  MaxPerDay: 5,
  MaxPerWeek: 0,
  MaxPerMonth: 60,
  OrderRecipients: [{ AgentId: SPONSOR, Percentage: 100 }],
  OrderTimeSlots: [{ StartSlot: 0, EndSlot: 48, Days: ['Monday'] }],
  ...over,
});

async function create(b: FundOrderBody, session: Session, agentId: string): Promise<string> {
  const res = await api.call('orders.createFundOrder', { params: { agentId }, body: b, session });
  expect(res.status, res.errors.join()).toBe(201);
  return b.OrderId;
}

const reasons = async (agentId: string, orderId: string, session: Session) =>
  (await api.call('orders.get', { params: { agentId, orderId }, session })).body.AttentionReasons;
const termed = async (agentId: string, session: Session) => (await api.call('orders.withTermed', { params: { agentId }, session })).body.map((o) => o.OrderId);
const reassigned = async (agentId: string, session: Session) => (await api.call('orders.withReassigned', { params: { agentId }, session })).body.map((o) => o.OrderId);

beforeAll(async () => {
  [sponsor, captive, admin] = await Promise.all([api.sessionFor('sponsor agent'), api.sessionFor('captive agent'), api.sessionFor('admin')]);
});

describe('needs attention', () => {
  it('flags the orders a terminated recipient shares in when the agent is terminated, and clears them when reactivated', async () => {
    const orderId = await create(body({ OrderRecipients: [{ AgentId: SPONSOR, Percentage: 50 }, { AgentId: PREVIEW, Percentage: 50 }] }), sponsor, SPONSOR);
    expect(await termed(SPONSOR, sponsor)).not.toContain(orderId);

    await setAgentStatus(PREVIEW, 0);

    expect(await termed(SPONSOR, sponsor)).toContain(orderId);
    const got = await api.call('orders.get', { params: { agentId: SPONSOR, orderId }, session: sponsor });
    expect(got.body.AttentionReasons).toEqual(['Terminated']);
    expect(got.body.OrderRecipients.find((r) => r.AgentId === PREVIEW)?.Terminated).toBe(true);
    expect((await Downline.get({ ancestorId: SPONSOR, descendantId: PREVIEW }))?.status).toBe(0);

    await setAgentStatus(PREVIEW, 1);

    expect(await termed(SPONSOR, sponsor)).not.toContain(orderId);
    expect(await reasons(SPONSOR, orderId, sponsor)).toEqual([]);
  });

  it("flags the agent's own orders when the agent is terminated", async () => {
    const orderId = await create(body({ OrderRecipients: [{ AgentId: PREVIEW, Percentage: 100 }] }), admin, PREVIEW);
    await setAgentStatus(PREVIEW, 0);
    expect(await termed(PREVIEW, admin)).toContain(orderId);
    await setAgentStatus(PREVIEW, 1);
    expect(await termed(PREVIEW, admin)).not.toContain(orderId);
  });

  it("flags an order as reassigned when its agent's parent changes, and a sponsor's order whose recipient left the downline", async () => {
    const own = await create(body({ OrderRecipients: [{ AgentId: CAPTIVE, Percentage: 100 }] }), captive, CAPTIVE);
    const shared = await create(body({ OrderRecipients: [{ AgentId: SPONSOR, Percentage: 70 }, { AgentId: CAPTIVE, Percentage: 30 }] }), sponsor, SPONSOR);

    await moveAgent(CAPTIVE, BROKER);
    try {
      expect(await reassigned(CAPTIVE, captive)).toContain(own);
      expect(await reassigned(SPONSOR, sponsor)).toContain(shared);
      expect(await reasons(SPONSOR, shared, sponsor)).toEqual(['Reassigned']);
      expect(await Downline.get({ ancestorId: SPONSOR, descendantId: CAPTIVE })).toBeUndefined();
      expect((await Downline.get({ ancestorId: BROKER, descendantId: CAPTIVE }))?.depth).toBe(1);
    } finally {
      await moveAgent(CAPTIVE, SPONSOR);
    }
    expect(await reassigned(CAPTIVE, captive)).not.toContain(own);
    expect(await reassigned(SPONSOR, sponsor)).not.toContain(shared);
  });

  it('flags Active orders of a fund staff switch off, and clears them when it is switched on again', async () => {
    const orderId = await create(body({ SelectedFunds: [fund('MED-SH'), fund('HLTH-EX')] }), sponsor, SPONSOR);
    const paused = await create(body({ SelectedFunds: [fund('MED-SH')] }), sponsor, SPONSOR);
    await api.call('orders.setStatus', { params: { agentId: SPONSOR, orderId: paused, statusCode: '0' }, session: sponsor });

    const off = await api.call('funds.disable', { params: { fundId: fund('MED-SH') }, session: admin });
    expect(off.status).toBe(200);
    try {
      expect(await reasons(SPONSOR, orderId, sponsor)).toEqual(['FundsInactive']);
      expect((await Order.get({ orderId }, { consistent: true }))?.attention).toEqual(['FundsInactive']);
      expect((await Order.get({ orderId: paused }, { consistent: true }))?.attention).toEqual([]);
      // Activating the paused order judges its funds at that moment.
      await api.call('orders.setStatus', { params: { agentId: SPONSOR, orderId: paused, statusCode: '1' }, session: sponsor });
      expect((await Order.get({ orderId: paused }, { consistent: true }))?.attention).toEqual(['FundsInactive']);
    } finally {
      expect((await api.call('funds.enable', { params: { fundId: fund('MED-SH') }, session: admin })).status).toBe(200);
    }
    expect((await Order.get({ orderId }, { consistent: true }))?.attention).toEqual([]);
    expect(await reasons(SPONSOR, paused, sponsor)).toEqual([]);
  });
});

describe('Home', () => {
  it("counts the agent's Active and Paused orders and sums the caps of the Active ones", async () => {
    const broker = await api.sessionFor('broker agent');
    const before = (await api.call('account.summary', { session: broker })).body;
    const mine = [{ AgentId: BROKER, Percentage: 100 }];
    const a = await create(body({ SelectedFunds: [fund('EMP-GR')], OrderRecipients: mine, MaxPerDay: 4, MaxPerMonth: 40 }), broker, BROKER);
    await create(body({ SelectedFunds: [fund('EMP-GR')], OrderRecipients: mine, MaxPerDay: 6, MaxPerMonth: 0 }), broker, BROKER);
    const c = await create(body({ SelectedFunds: [fund('EMP-GR')], OrderRecipients: mine }), broker, BROKER);
    await api.call('orders.setStatus', { params: { agentId: BROKER, orderId: a, statusCode: '0' }, session: broker });
    await api.call('orders.setStatus', { params: { agentId: BROKER, orderId: c, statusCode: '2' }, session: broker });

    const after = (await api.call('account.summary', { session: broker })).body;

    expect(after.TotalActiveOrder - before.TotalActiveOrder).toBe(1);
    expect(after.TotalInactiveOrders - before.TotalInactiveOrders).toBe(1);
    expect(after.TotalLeadsCapacityByDay - before.TotalLeadsCapacityByDay).toBe(6);
    expect(after.TotalLeadsCapacityByMonth - before.TotalLeadsCapacityByMonth).toBe(0);
  });
});
