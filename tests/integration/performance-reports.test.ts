// The marketplace reports (issue 12) through the real gateway against DynamoDB Local: leads posted
// through the real lead engine, then Campaign Performance, Campaign Summary and Fund Performance equal
// the counts and sums over the LeadSale items; the fund export's CSV (its end a day later); Internal
// Leads by contract and time; Open Orders by fund and state from the open-orders view.
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApiHarness, type Session } from '../support/api-harness.ts';
import { useLeadFixture } from '../support/lead-fixture.ts';

const api = useApiHarness({ projector: true });
const fx = useLeadFixture(api, {
  idPrefix: 'P',
  codeLetter: 'P',
  names: { campaign: 'Perf campaign', vendor: 'Perf vendor', fund: 'Perf fund' },
  campaign: { leadType: 'Exclusive' },
  prices: { vendorCents: 700, captiveCents: 2500, brokerCents: 3100 },
  agentId: (n, run) => `PR${run.slice(-4)}${String(n).padStart(3, '0')}`,
  agentDefaults: { balanceCents: 100_000 },
  firstPhone: 4145550000 + Math.floor(Math.random() * 9000),
});
const { run: RUN, ids, names, at } = fx;

const { ContractMap } = await import('#entities/contract-map.ts');
const { LeadSale } = await import('#entities/lead-sale.ts');
const { PublicFormLead } = await import('#entities/public-form-lead.ts');
const { reportDay } = await import('#platform/report-day.ts');
const { ALL_FUNDS_ID, RANGE_TOO_LONG } = await import('#shared/api/reports-performance.ts');

let admin: Session;
const leadIds: string[] = [];
const orders: { agentId: string; orderId: string; state: string }[] = [];
/**
 * The reporting days of the file's sales, from their own times (set once they are made): the first and
 * the last are one day unless Central's midnight passed while the file sold, which a day read from the
 * clock beside them would miss.
 */
const days = { first: '', last: '' };

/** A new agent with $1,000 and a fund order of the given states (their home the first). */
async function agentWithOrder(states: { state: string; zip: string }[]) {
  const [home, ...more] = states;
  const { agentId, orderId } = await fx.agentWithOrder({ state: home!.state, zip: home!.zip, extraStates: more.map((s) => s.state), description: `Report order ${orders.length + 1}` });
  orders.push({ agentId, orderId, state: home!.state });
}

async function post(state: string, zip: string) {
  const answer = await fx.post({ StateCode: state, ZipCode: zip });
  expect(answer.status, answer.errors.join()).toBe(201);
  leadIds.push(answer.body.LeadId);
  return answer.body.Result;
}

beforeAll(async () => {
  admin = await api.sessionFor('admin');
  await agentWithOrder([{ state: 'WY', zip: '82001' }]);
  await agentWithOrder([{ state: 'MT', zip: '59601' }, { state: 'WY', zip: '82001' }]);
  const results = [];
  for (let i = 0; i < 3; i++) results.push(await post('WY', '82001'));
  for (let i = 0; i < 2; i++) results.push(await post('MT', '59601'));
  expect(results.filter((r) => r === 'sold').length).toBeGreaterThan(0);
  // The performance cells are the projector's (views/performance-view.ts).
  await api.settled();
  const sold = (await salesOfRun()).map((s) => reportDay(s.at)).sort();
  Object.assign(days, { first: sold[0]!, last: sold.at(-1)! });
}, 180_000);

async function salesOfRun() {
  return (await Promise.all(leadIds.map((id) => LeadSale.query.ofLead(id).all()))).flat();
}

describe('performance reports', () => {
  it('Campaign Performance equals the count and sums of the LeadSale items', async () => {
    const sales = await salesOfRun();
    const answer = await api.call('reports.campaignPerformance', { params: { startDate: days.first, endDate: days.last }, session: admin });
    expect(answer.status).toBe(200);
    const rows = answer.body.Result.filter((r) => r.Campaign === names.campaign);
    expect(rows).toHaveLength(1);
    const agentCents = sales.reduce((s, x) => s + x.agentPurchasePriceCents, 0);
    const companyCents = sales.reduce((s, x) => s + x.companyPurchasePriceCents, 0);
    expect(rows[0]).toMatchObject({
      Fund: names.fund,
      Vendor: names.vendor,
      LeadsPurchased: sales.length,
      TotalLeads: sales.length,
      LeadsCredited: 0,
      AgentPrice: Math.round(agentCents / sales.length) / 100,
      CompanyPrice: Math.round(companyCents / sales.length) / 100,
      TotalLeadCost: companyCents / 100,
    });
  });

  it('Campaign Summary and Fund Performance equal the same sums, and a day without sales has no rows', async () => {
    const sales = await salesOfRun();
    const agentCents = sales.reduce((s, x) => s + x.agentPurchasePriceCents, 0);
    const companyCents = sales.reduce((s, x) => s + x.companyPurchasePriceCents, 0);
    const summary = await api.call('reports.campaignSummaryPerformance', { params: { startDate: `${days.first}T00:00:00`, endDate: `${days.last}T23:59:59` }, session: admin });
    expect(summary.status).toBe(200);
    expect(summary.body.Result.find((r) => r.Campaign === names.campaign)).toMatchObject({ Vendor: names.vendor, TotalLeadsPurchased: sales.length, TotalLeadCost: companyCents / 100 });
    const funds = await api.call('reports.fundPerformance', { params: { startDate: days.first, endDate: days.last }, session: admin });
    expect(funds.body.Result.find((r) => r.Fund === names.fund)).toEqual({
      Fund: names.fund,
      LeadsPurchased: sales.length,
      TotalAgentPrice: agentCents / 100,
      AverageAgentPrice: Math.round(agentCents / sales.length) / 100,
      TotalCompanyPrice: companyCents / 100,
      AverageCompanyPrice: Math.round(companyCents / sales.length) / 100,
      MarginDifference: Math.round(((agentCents - companyCents) / agentCents) * 10_000) / 100,
    });
    const empty = await api.call('reports.fundPerformance', { params: { startDate: '2001-03-01', endDate: '2001-03-31' }, session: admin });
    expect(empty.body.Result).toEqual([]);
  });

  it('refuses a range over 31 days and an end before the start', async () => {
    const long = await api.fetch('GET', '/campaignperformance/start/2026-01-01/end/2026-02-01', { session: admin });
    expect(long.status).toBe(400);
    expect(long.errors).toContain(RANGE_TOO_LONG);
    const backwards = await api.fetch('GET', '/fundperformance/start/2026-01-05/end/2026-01-01', { session: admin });
    expect(backwards.status).toBe(400);
    expect((await api.fetch('GET', '/campaignperformance/start/2026-01-01/end/2026-01-31', { session: admin })).status).toBe(200);
  });

  it('exports Fund Performance as a CSV whose path names the day after the last day shown', async () => {
    const sales = await salesOfRun();
    const dayAfter = new Date(Date.parse(`${days.last}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const answer = await api.call('reports.fundPerformanceExport', { params: { startDate: days.first, endDate: dayAfter }, session: admin });
    expect(answer.status).toBe(200);
    expect(answer.body.FileName).toMatch(/^FundPerformance-\d{2}-\d{2}-\d{4}\.csv$/);
    const rows = Papa.parse<string[]>((await (await fetch(answer.body.Url)).text()).trim()).data;
    expect(rows[0]).toEqual(['Fund', 'Leads Purchased', 'Total Agent Price', 'Average Agent Price', 'Total Company Price', 'Average Company Price', 'Margin Difference (%)']);
    expect(rows.find((r) => r[0] === names.fund)?.[1]).toBe(String(sales.length));
    const sameDay = await api.fetch('POST', `/fundperformance/export/startDate/${days.first}/endDate/${days.first}`, { session: admin });
    expect(sameDay.status).toBe(400);
  });

  it('is refused to a user without CAN_VIEW_LC_REPORTS', async () => {
    const agent = await api.sessionFor('captive agent');
    expect((await api.call('reports.fundPerformance', { params: { startDate: days.first, endDate: days.last }, session: agent })).status).toBe(403);
    expect((await api.call('reports.openOrders', { params: { fundId: ALL_FUNDS_ID, state: 'all' }, session: agent })).status).toBe(403);
  });
});

describe('Open Orders', () => {
  it("lists a fund's Active orders in a state, and in every state once per order", async () => {
    const wy = await api.call('reports.openOrders', { params: { fundId: ids.fund, state: 'WY' }, session: admin });
    expect(wy.status).toBe(200);
    expect(wy.body.TotalCount).toBe(2);
    expect(wy.body.Data.map((r) => r.AgentId)).toEqual(orders.map((o) => o.agentId).sort());
    expect(wy.body.Data[1]).toMatchObject({ Funds: names.fund, States: 'MT, WY' });
    const all = await api.call('reports.openOrders', { params: { fundId: ids.fund, state: 'all' }, query: { pageSize: 1, sortColumnName: 'LeadCount', sortOrder: 'desc' }, session: admin });
    expect(all.body).toMatchObject({ TotalCount: 2, Pages: 2 });
    expect(all.body.Data).toHaveLength(1);
    const mt = await api.call('reports.openOrders', { params: { fundId: ids.fund, state: 'MT' }, session: admin });
    expect(mt.body.Data.map((r) => r.AgentId)).toEqual([orders[1]!.agentId]);
    const sold = (await salesOfRun()).filter((s) => s.agentId === orders[1]!.agentId).length;
    expect(mt.body.Data[0]!.LeadCount).toBe(sold);
  });

  it('answers every fund for the all-zero GUID, nothing for a fund without orders, and refuses a bad state', async () => {
    const every = await api.call('reports.openOrders', { params: { fundId: ALL_FUNDS_ID, state: 'MT' }, query: { pageSize: 100 }, session: admin });
    expect(every.body.TotalCount).toBeGreaterThanOrEqual(1);
    const agents = every.body.Data.map((r) => r.AgentId);
    expect(agents).toEqual([...agents].sort());
    const none = await api.call('reports.openOrders', { params: { fundId: `none-${RUN}`, state: 'all' }, session: admin });
    expect(none.body).toEqual({ Data: [], Pages: 0, TotalCount: 0 });
    expect((await api.fetch('GET', `/openordersfromfunds/fund/${ids.fund}/state/Wyoming`, { session: admin })).status).toBe(400);
  });

  it('exports the orders as CSV', async () => {
    const answer = await api.call('reports.openOrdersExport', { params: { fundId: ids.fund, state: 'all' }, session: admin });
    expect(answer.status).toBe(200);
    expect(answer.body.FileName).toMatch(/^OpenOrders-\d{2}-\d{2}-\d{4}\.csv$/);
    const rows = Papa.parse<string[]>((await (await fetch(answer.body.Url)).text()).trim()).data;
    expect(rows[0]).toEqual(['Agent ID', 'Order ID', 'Order Name', 'Funds', 'States', 'Lead Count', 'Last Lead Date', 'Created', 'Last Updated']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(orders.map((o) => o.agentId).sort());
    expect(rows[1]![7]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });
});

describe('Internal Leads', () => {
  const contractId = `IC${RUN}`.toUpperCase();
  const formLead = (leadId: string, receivedAt: string, over: Partial<Record<string, unknown>> = {}) => ({
    leadId, form: 'lead' as const, contractId, campaignId: ids.campaign, lineOfBusiness: 'Health', status: 'Routed' as const, receivedAt,
    firstName: 'Ina', lastName: 'Ternal', address: '1 Main St', addressLine2: '', city: 'Cheyenne', county: 'Laramie', state: 'WY', zipCode: '82001',
    birthDate: '01/02/1970', phone: '3075550100', alternatePhone: '', email: 'ina@example.com', contactTime: '', contactDay: '', notes: '',
    consent: { text: 'x', version: '1', at: receivedAt, ip: '203.0.113.5', pageUrl: '', userAgent: 'test' },
    intake: { at: receivedAt, leadId: 'L1', userFacingLeadId: 1, result: 'sold' },
    ...over,
  });

  beforeAll(async () => {
    await ContractMap.put({ contractKey: `K-${RUN}`, contractName: `Internal ${RUN}`, contractId, campaignId: ids.campaign, f9List: '', createdDate: at, revision: 1, modifiedBy: 'test', lastUpdated: at });
    // 2026-03-10 in Central is 05:00Z to the next day's 05:00Z (daylight time from March 8).
    await PublicFormLead.put(formLead(`IL1-${RUN}`, '2026-03-10T04:30:00.000Z'));
    await PublicFormLead.put(formLead(`IL2-${RUN}`, '2026-03-10T15:00:00.000Z'));
    await PublicFormLead.put(formLead(`IL3-${RUN}`, '2026-03-11T04:59:00.000Z', { status: 'Refused', intake: { at, reasons: ['no'] }, firstName: 'Late' }));
    await PublicFormLead.put(formLead(`IL4-${RUN}`, '2026-03-11T15:00:00.000Z'));
  });

  it('lists the contracts as sources', async () => {
    const answer = await api.call('reports.internalLeadUsers', { session: admin });
    expect(answer.body).toContainEqual({ Source: contractId, Name: `Internal ${RUN}` });
  });

  it("lists a source's leads of the range in the reporting calendar, oldest first", async () => {
    const answer = await api.call('reports.internalLeads', { params: { startDate: '20260310000000', endDate: '20260310235959', source: contractId }, session: admin });
    expect(answer.status).toBe(200);
    expect(answer.body.map((r) => [r.FirstName, r.Status, r.IsTargeted])).toEqual([['Ina', 'Sold', true], ['Late', 'Refused', false]]);
    expect(answer.body[0]).toMatchObject({ City: 'Cheyenne', StateCode: 'WY', ContractId: contractId, LeadType: 'Exclusive', CrmLob: 'Health', PrimaryPhone: '3075550100', Date: '2026-03-10T15:00:00.000Z' });
    const empty = await api.call('reports.internalLeads', { params: { startDate: '20250310000000', endDate: '20250310235959', source: contractId }, session: admin });
    expect(empty.body).toEqual([]);
    expect((await api.fetch('GET', `/internalleadsreport/start/20260101000000/end/20260301000000/lead/${contractId}`, { session: admin })).errors).toContain(RANGE_TOO_LONG);
    expect((await api.fetch('GET', `/internalleadsreport/start/20261301000000/end/20261302000000/lead/${contractId}`, { session: admin })).status).toBe(400);
  });

  it("exports the range's leads as a CSV file in the exports bucket, the table's columns, dates MM/DD/YYYY in Central", async () => {
    const answer = await api.call('reports.internalLeadsExport', { params: { startDate: '20260310000000', endDate: '20260311235959', source: contractId }, session: admin });
    expect(answer.status).toBe(200);
    expect(answer.body.FileName).toMatch(/^InternalLeads-\d{2}-\d{2}-\d{4}\.csv$/);
    const rows = Papa.parse<string[]>((await (await fetch(answer.body.Url)).text()).trim()).data;
    expect(rows).toEqual([
      ['Date', 'First Name', 'Last Name', 'City', 'State', 'Zip Code', 'Status', 'Email', 'Phone', 'Targeted', 'Vendor', 'Lead Type', 'Contract ID', 'CRM LOB'],
      ['03/10/2026', 'Ina', 'Ternal', 'Cheyenne', 'WY', '82001', 'Sold', 'ina@example.com', '3075550100', 'Yes', '', 'Exclusive', contractId, 'Health'],
      ['03/10/2026', 'Late', 'Ternal', 'Cheyenne', 'WY', '82001', 'Refused', 'ina@example.com', '3075550100', 'No', '', 'Exclusive', contractId, 'Health'],
      ['03/11/2026', 'Ina', 'Ternal', 'Cheyenne', 'WY', '82001', 'Sold', 'ina@example.com', '3075550100', 'Yes', '', 'Exclusive', contractId, 'Health'],
    ]);
    // The same rules as the table's call: 31 days at most, staff with the reports permission only.
    expect((await api.fetch('POST', `/internalleadsreport/export/start/20260101000000/end/20260301000000/lead/${contractId}`, { session: admin })).errors).toContain(RANGE_TOO_LONG);
    expect((await api.fetch('POST', `/internalleadsreport/export/start/20260310000000/end/20260311235959/lead/${contractId}`, { session: await api.sessionFor('captive agent') })).status).toBe(403);
  });
});
