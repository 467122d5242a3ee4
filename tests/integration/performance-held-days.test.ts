// The performance reports' held days (docs/data-model.md #90a) against DynamoDB Local: leads sold by
// the real engine on a closed day (its clock given) and today, then Campaign Performance, Campaign
// Summary and Fund Performance equal the counts and sums over the LeadSale and Dispute items after the
// first read held the day, after a late sale on that day, and after an approved credit (each once the
// projector has it and raised the day's version); read both from this process's memory and cold (from
// the closed day's sums stored on its version item, while they are of its version).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useApiHarness, type Session } from '../support/api-harness.ts';
import { useLeadFixture } from '../support/lead-fixture.ts';

// The file reads today (and the closed day before it) once, the engine and the reports read the clock at
// each sale and read: the clock (Date only,
// still running) starts at a fixed instant far from any day boundary in Central, so the file's today is
// the server's for the whole run.
vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-10T17:20:00Z'), shouldAdvanceTime: true });
afterAll(() => void vi.useRealTimers());

const PRICE = 2500;
// The performance cells are the projector's (views/performance-view.ts): each sale and credit is read after api.settled().
const api = useApiHarness({ projector: true });
const fx = useLeadFixture(api, {
  idPrefix: 'G',
  codeLetter: 'G',
  names: { campaign: 'Digest campaign', vendor: 'Digest vendor', fund: 'Digest fund' },
  prices: { vendorCents: 700, captiveCents: PRICE, brokerCents: PRICE },
  validation: { minAge: 0 },
  agentId: (n, run) => `G${run.slice(-4)}${String(n).padStart(3, '0')}`.toUpperCase(),
  agentDefaults: { balanceCents: 100_000 },
  firstPhone: 6085550000 + Math.floor(Math.random() * 9000),
});
const { ids, names } = fx;

const { DisputeReason } = await import('#entities/dispute-reason.ts');
const { Dispute } = await import('#entities/dispute.ts');
const { LeadSale } = await import('#entities/lead-sale.ts');
const { PerformanceDayVersion } = await import('#entities/lead-contact-index.ts');
const { forgetHeldPerformanceDays } = await import('#core/reports/performance-cells.ts');
const { reportDay } = await import('#platform/report-day.ts');

let admin: Session;
let buyer: { agentId: string; session: Session };
const leadIds: string[] = [];
const today = reportDay(new Date().toISOString());
/** Two reporting days ago (closed, within the dispute window), at noon Central. */
const closedDay = reportDay(new Date(Date.now() - 2 * 86_400_000).toISOString());
const noonOf = (day: string) => new Date(`${day}T18:00:00.000Z`);

async function sell(at?: Date) {
  const outcome = await fx.intake({ lead: { stateCode: 'VT', zipCode: '05401' }, ...(at ? { at } : {}) });
  if (outcome.status !== 'accepted' || outcome.result !== 'sold') throw new Error(`The lead did not sell: ${JSON.stringify(outcome)}`);
  leadIds.push(outcome.leadId);
  await api.settled();
  return outcome.leadId;
}

/** The run's sales and approved credits of a range of reporting days, summed as the reports sum them. */
async function facts(startDate: string, endDate: string) {
  const inRange = (at: string) => reportDay(at) >= startDate && reportDay(at) <= endDate;
  const sales = (await Promise.all(leadIds.map((id) => LeadSale.query.ofLead(id).all({ consistent: true })))).flat().filter((s) => inRange(s.at));
  const disputes = (await Promise.all(sales.map((s) => Dispute.query.ofLead(s.leadId).all({ consistent: true })))).flat();
  const agentCents = sales.reduce((n, s) => n + s.agentPurchasePriceCents, 0);
  const companyCents = sales.reduce((n, s) => n + s.companyPurchasePriceCents, 0);
  return { count: sales.length, credited: disputes.filter((d) => d.status === 'Approved').length, agentCents, companyCents };
}

/** Every report of the range equals the facts. */
async function expectReportsEqualFacts(startDate: string, endDate: string) {
  const f = await facts(startDate, endDate);
  const cells = await api.call('reports.campaignPerformance', { params: { startDate, endDate }, session: admin });
  expect(cells.status).toBe(200);
  expect(cells.body.Result.filter((r) => r.Campaign === names.campaign)).toEqual([
    {
      Fund: names.fund, Vendor: names.vendor, Campaign: names.campaign,
      AgentPrice: Math.round(f.agentCents / f.count) / 100, CompanyPrice: Math.round(f.companyCents / f.count) / 100,
      LeadsPurchased: f.count, LeadsCredited: f.credited, TotalLeads: f.count, AverageScore: expect.any(Number) as number, TotalLeadCost: f.companyCents / 100,
    },
  ]);
  const summary = await api.call('reports.campaignSummaryPerformance', { params: { startDate: `${startDate}T00:00:00`, endDate: `${endDate}T23:59:59` }, session: admin });
  expect(summary.body.Result.filter((r) => r.Campaign === names.campaign)).toMatchObject([{ Vendor: names.vendor, TotalLeadsPurchased: f.count, TotalLeadsCredited: f.credited, TotalLeads: f.count, TotalLeadCost: f.companyCents / 100 }]);
  const funds = await api.call('reports.fundPerformance', { params: { startDate, endDate }, session: admin });
  expect(funds.body.Result.find((r) => r.Fund === names.fund)).toMatchObject({ LeadsPurchased: f.count, TotalAgentPrice: f.agentCents / 100, TotalCompanyPrice: f.companyCents / 100 });
  return f;
}

/** The same answers twice: from this process's memory, then with nothing held. */
async function expectBothPathsEqualFacts(startDate: string, endDate: string) {
  const f = await expectReportsEqualFacts(startDate, endDate);
  forgetHeldPerformanceDays();
  await expectReportsEqualFacts(startDate, endDate);
  return f;
}

const version = async (day: string) => (await PerformanceDayVersion.get({ day }, { consistent: true }))?.version ?? 0;
const stored = () => PerformanceDayVersion.get({ day: closedDay }, { consistent: true });

beforeAll(async () => {
  admin = await api.sessionFor('admin');
  await DisputeReason.put({ vendorId: ids.vendor, vendorReason: 'NOTINTERESTED', userFacingReason: 'Not interested', position: 0 });
  buyer = await fx.agentWithOrder({ state: 'VT', zip: '05401', withSession: true });
  await sell(noonOf(closedDay));
  await sell(new Date(noonOf(closedDay).getTime() + 60_000));
}, 180_000);

describe('performance reports over held days', () => {
  it("hold a closed day's summed cells on the first read, store them with the day's version, and answer the same sums", async () => {
    forgetHeldPerformanceDays();
    const f = await expectBothPathsEqualFacts(closedDay, closedDay);
    expect(f.count).toBe(2);
    expect(await stored()).toMatchObject({ version: await version(closedDay), cellsVersion: await version(closedDay) });
    expect((await stored())!.cells).toContain(ids.campaign);
  });

  it("answer a late sale on the closed day once the projector has raised the day's version", async () => {
    await expectReportsEqualFacts(closedDay, closedDay);
    const before = await version(closedDay);
    await sell(noonOf(closedDay));
    expect(await version(closedDay)).toBeGreaterThan(before);
    const f = await expectBothPathsEqualFacts(closedDay, closedDay);
    expect(f.count).toBe(3);
  });

  it('count an approved credit as soon as the view has it', async () => {
    await expectReportsEqualFacts(closedDay, closedDay);
    const before = await version(closedDay);
    const leadId = leadIds[0]!;
    const filed = await api.call('leads.dispute', { session: buyer.session, body: { LeadId: leadId, VendorReason: 'NOTINTERESTED', UserComments: 'Never asked for a quote.' } });
    expect(filed.status, filed.errors.join()).toBe(201);
    if (filed.body.DisputeStatus !== 'Approved') {
      const decided = await api.call('leads.decideDispute', { session: admin, params: { leadId }, body: { AgentId: buyer.agentId, Decision: 'Approve', Reason: 'Checked the call recording.' } });
      expect(decided.status, decided.errors.join()).toBe(200);
    }
    await api.settled();
    expect(await version(closedDay)).toBeGreaterThan(before);
    const f = await expectBothPathsEqualFacts(closedDay, closedDay);
    expect([f.count, f.credited]).toEqual([3, 1]);
  });

  it('read the cells again when the stored sums cannot be read, and store them afresh', async () => {
    await PerformanceDayVersion.patch({ day: closedDay }, { set: { cells: '[["f","c","v",1,0,1,1,1]]' } });
    forgetHeldPerformanceDays();
    await expectReportsEqualFacts(closedDay, closedDay);
    expect((await stored())!.cells).toContain(ids.campaign);
  });

  it('sum held closed days and today over one range, and store no sums of today', async () => {
    await sell();
    const f = await expectBothPathsEqualFacts(closedDay, today);
    expect([f.count, f.credited]).toEqual([4, 1]);
    expect((await PerformanceDayVersion.get({ day: today }, { consistent: true }))?.cells).toBeUndefined();
  });
});
