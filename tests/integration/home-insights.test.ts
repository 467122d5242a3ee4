// The Home insights (issue 12) through the real gateway against DynamoDB Local, on leads the real lead
// engine sold: the agent's spend and leads per day equal their LeadSpend ledger entries and lead sales,
// the forecast follows the balance and the last 14 days; the staff figures equal the leads and sales
// of this file's table (its own table: nothing else posts leads into it); ownership and permissions.
import { beforeAll, describe, expect, it } from 'vitest';
import { useApiHarness, type Session } from '../support/api-harness.ts';
import { useLeadFixture, type AgentWithOrderOptions } from '../support/lead-fixture.ts';

const api = useApiHarness({ projector: true });
const fx = useLeadFixture(api, { codeLetter: 'H', names: { campaign: 'Insights' }, firstPhone: 4145550000 });
const { run: RUN, at } = fx;
const CAPTIVE_PRICE = fx.prices.captiveCents;

const { LeadSale } = await import('#entities/lead-sale.ts');
const { LedgerEntry } = await import('#entities/ledger-entry.ts');
const { User } = await import('#entities/user.ts');
const { StarvingSnapshot } = await import('#entities/insight-day.ts');
const { getBalance } = await import('#core/money/ledger.ts');
const { reportDay } = await import('#platform/report-day.ts');
const { dayIn } = await import('#shared/insights.ts');

let admin: Session;

/** A new captive agent user (signed in) in `timeZone` with a balance and a fund order in `state`. */
const agentWithOrder = (opts: AgentWithOrderOptions & { timeZone: string }) => fx.agentWithOrder({ ...opts, withSession: true });

const post = (state: string, zip: string) => fx.post({ StateCode: state, ZipCode: zip });

let buyer: Awaited<ReturnType<typeof agentWithOrder>>;
const sold: string[] = [];
const unsold: string[] = [];

beforeAll(async () => {
  admin = await api.sessionFor('admin');
  // The buyer (Eastern) takes Illinois leads; a second order waits for Wisconsin leads that never come.
  buyer = await agentWithOrder({ state: 'IL', zip: '60601', balanceCents: 10_000, timeZone: 'Eastern' });
  for (let i = 0; i < 3; i++) {
    const r = await post('IL', '60601');
    expect(r.status).toBe(201);
    (r.body.Result === 'sold' ? sold : unsold).push(r.body.LeadId);
  }
  // Nobody buys Michigan leads: unsold supply.
  for (let i = 0; i < 2; i++) {
    const r = await post('MI', '48226');
    expect(r.status).toBe(201);
    (r.body.Result === 'sold' ? sold : unsold).push(r.body.LeadId);
  }
  expect([sold.length, unsold.length]).toEqual([3, 2]);
  // The insights' day items are the projector's (views/insights-view.ts).
  await api.settled();
}, 180_000);

describe('GET /api/agent/{agentId}/insights', () => {
  it("gives 30 days of the agent's zone whose spend and leads equal the LeadSpend entries and lead sales, and the forecast of the balance", async () => {
    // The last day is the server's today in New York: the day read just before or just after the call
    // (New York's midnight may pass in between).
    const dayBefore = dayIn(new Date(), 'America/New_York');
    const answer = await api.call('account.insights', { params: { agentId: buyer.agentId }, session: buyer.session });
    expect(answer.status, answer.errors.join()).toBe(200);
    const body = answer.body;
    expect(body.TimeZone).toBe('America/New_York');
    expect(body.Days).toHaveLength(30);
    expect([dayBefore, dayIn(new Date(), 'America/New_York')]).toContain(body.Days.at(-1)!.Day);

    const entries = (await LedgerEntry.query.ofAgent(buyer.agentId).all()).filter((e) => e.type === 'LeadSpend');
    const sales = (await Promise.all(sold.map((leadId) => LeadSale.query.ofLead(leadId).all()))).flat().filter((s) => s.agentId === buyer.agentId);
    expect(body.TotalLeads).toBe(sales.length);
    expect(body.TotalLeads).toBe(entries.length);
    expect(body.TotalSpend * 100).toBe(entries.reduce((s, e) => s + e.debitCents, 0));
    for (const d of body.Days) {
      const ofDay = entries.filter((e) => dayIn(new Date(e.at), 'America/New_York') === d.Day);
      expect([d.Day, d.Leads, Math.round(d.Spend * 100)]).toEqual([d.Day, ofDay.length, ofDay.reduce((s, e) => s + e.debitCents, 0)]);
    }

    const balance = (await getBalance(buyer.agentId))!.balanceCents;
    expect(balance).toBe(10_000 - 3 * CAPTIVE_PRICE);
    expect(body.Balance * 100).toBe(balance);
    expect(body.SpendLast14Days).toBe(75);
    // $25.00 left at $75.00 per 14 days: 25 × 14 / 75 = 4.67, about 4 days.
    expect(body.Forecast).toEqual({ Kind: 'lasts', Days: 4, Text: "At your last 14 days' pace your balance lasts about 4 days." });
  });

  it('an agent without lead spend hears that the balance is not being used up', async () => {
    const idle = await agentWithOrder({ state: 'WI', zip: '53202', balanceCents: 5_000, timeZone: 'Pacific' });
    const answer = await api.call('account.insights', { params: { agentId: idle.agentId }, session: idle.session });
    expect(answer.body.TotalLeads).toBe(0);
    expect(answer.body.Forecast.Text).toBe('You spent nothing on leads in the last 14 days, so your balance is not being used up.');
  });

  it("refuses another agent's insights (403), and a manager reads any agent's", async () => {
    const other = await api.sessionFor('captive agent');
    expect((await api.call('account.insights', { params: { agentId: buyer.agentId }, session: other })).status).toBe(403);
    expect((await api.call('account.insights', { params: { agentId: buyer.agentId } })).status).toBe(401);
    const manager = await api.sessionFor('manager');
    expect((await api.call('account.insights', { params: { agentId: buyer.agentId }, session: manager })).body.TotalLeads).toBe(3);
    expect((await api.call('account.insights', { params: { agentId: 'no-such-agent' }, session: manager })).status).toBe(404);
  });
});

describe('GET /api/reports/insights', () => {
  it("gives 30 reporting days whose figures equal this table's leads and sales, with fill rate and margin", async () => {
    // The last day is the server's reporting day: the one read just before or just after the call.
    const dayBefore = reportDay(new Date().toISOString());
    const answer = await api.call('reports.insights', { session: admin });
    expect(answer.status, answer.errors.join()).toBe(200);
    const { Days, Totals } = answer.body;
    expect(Days).toHaveLength(30);
    expect([dayBefore, reportDay(new Date().toISOString())]).toContain(Days.at(-1)!.Day);
    expect(Totals).toEqual({ LeadsReceived: 5, LeadsSold: 3, FillRate: 0.6, Sales: 3, Revenue: 75, VendorCost: 15, Margin: 60 });
    // The totals are the days' sums; the sales equal the lead sale items.
    const sales = (await Promise.all(sold.map((leadId) => LeadSale.query.ofLead(leadId).all()))).flat();
    expect(sales.reduce((s, x) => s + x.agentPurchasePriceCents, 0)).toBe(Totals.Revenue * 100);
    expect(sales.reduce((s, x) => s + x.companyPurchasePriceCents, 0)).toBe(Totals.VendorCost * 100);
    expect(Days.reduce((s, d) => s + d.LeadsReceived, 0)).toBe(5);
  });

  it('lists the unsold supply by campaign, vendor and state, and the capped orders starving for leads', async () => {
    const starving = await agentWithOrder({ state: 'WI', zip: '53202', balanceCents: 5_000, timeZone: 'Central', caps: { MaxPerDay: 4 } });
    // The list is computed at most every 5 minutes: the one an earlier call stored would not have this order yet.
    const cached = await api.call('reports.insights', { session: admin });
    expect(cached.body.StarvingOrders.some((o) => o.OrderId === starving.orderId)).toBe(false);
    await StarvingSnapshot.delete({});
    const { body } = await api.call('reports.insights', { session: admin });
    expect(body.UnsoldSupply).toEqual([{ Campaign: `Insights ${RUN}`, Vendor: `Vendor ${RUN}`, State: 'MI', Received: 2, Unsold: 2 }]);
    const row = body.StarvingOrders.find((o) => o.OrderId === starving.orderId);
    expect(row).toMatchObject({ AgentId: starving.agentId, AgentName: 'Test Agent', LeadsLast7Days: 0, CapLast7Days: 28, FillPercent: 0 });
    expect(body.StarvingOrders[0]!.FillPercent).toBe(0);
  });

  it('refuses agents, sales assistants and staff without CAN_VIEW_LC_REPORTS (403)', async () => {
    expect((await api.call('reports.insights', { session: buyer.session })).status).toBe(403);
    expect((await api.call('reports.insights', { session: await api.sessionFor('sales assistant') })).status).toBe(403);
    await User.put({ userId: `U-bare-${RUN}`, email: `bare.${RUN}@leadportal.example.com`, name: 'Bare Staff', kind: 'staff', isAdmin: false, isManager: false, isLeadConnectHome: false, isSalesAssistant: false, isSponsorAgent: false, isFundPreview: false, createdAt: at });
    expect((await api.call('reports.insights', { session: await api.sessionOf(`U-bare-${RUN}`) })).status).toBe(403);
    expect((await api.call('reports.insights', { session: await api.sessionFor('support') })).status).toBe(200);
  });
});
