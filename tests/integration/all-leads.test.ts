// All Leads (part 3 §2, §5, §7, §9) and the staff lead detail with its decision trace, through the real
// gateway against DynamoDB Local: leads made by the real engine (intakeLead) in two past months and
// one sold today, then the table's month paging in both directions and across a month boundary, the
// campaign, vendor, lead ID and phone filters, the export, the detail, and what is refused.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FundOrderBody } from '#shared/orders/payload.ts';
import { ALL_LEADS_MESSAGES, type AllLeadsPage, type LeadDetail } from '#shared/api/all-leads.ts';
import { useApiHarness, type Session } from '../support/api-harness.ts';
import { agentProfileFixture } from '../support/agent-fixture.ts';

const api = useApiHarness();

const { Campaign } = await import('#entities/campaign.ts');
const { CampaignVendor } = await import('#entities/campaign-vendor.ts');
const { CampaignVendorFund } = await import('#entities/campaign-vendor-fund.ts');
const { Fund } = await import('#entities/fund.ts');
const { Vendor } = await import('#entities/vendor.ts');
const { RoutingRule } = await import('#entities/routing-rule.ts');
const { registerAgent } = await import('#core/directory/agent-registry.ts');
const { postEntry } = await import('#core/money/ledger.ts');
const { intakeLead } = await import('#core/leads/intake.ts');
const { projectCandidates } = await import('#core/views/candidates-view.ts');
const { DAYS } = await import('#shared/orders/order.ts');

const RUN = Date.now().toString(36);
const ids = { campaign: `C-${RUN}`, vendor: `V-${RUN}`, other: `W-${RUN}`, fund: `F-${RUN}` };
const at = '2024-01-01T00:00:00.000Z';
let admin: Session;
let n = 0;
let phone = 3125550000;
const march: { leadId: string; number: number; phone: string }[] = [];
const otherVendor: number[] = [];

async function catalogue() {
  await Campaign.put({
    campaignId: ids.campaign, name: `All Leads ${RUN}`, code: `AL${RUN}`.toUpperCase(), description: 'test', category: 1, lob: 2, leadType: 'Health', crmLob: 'Health', businessOwner: 'x', destination: 'x',
    status: 1, startDate: '2020-01-01T00:00:00.000Z', endDate: '2099-01-01T00:00:00.000Z', allowDisputes: true, isLiveTransfer: false,
    dedupeScope: 'None', dedupeDays: 30, callCenterCheck: 0, callTimeCheck: 30, maxRetries: 0, retryIntervalMinutes: 0, channel: 'Both',
    checkEbureau: false, minScore: 0, modifiedBy: 'test', lastUpdated: at, revision: 1,
  });
  for (const vendorId of [ids.vendor, ids.other]) {
    await Vendor.put({ vendorId, name: `Vendor ${vendorId}`, code: vendorId, description: '', status: 1, createdAt: at, createdBy: 'test', lastUpdated: at, archived: false, allowCreditLineUse: true, allowDisputes: true, allowVariablePricing: false, isPartner: false, revision: 1, modifiedBy: 'test' });
    await CampaignVendor.put({ campaignVendorId: `CV-${vendorId}`, campaignId: ids.campaign, vendorId, vendorPriceCents: 500, maxPriceCents: 0, captivePriceCents: 2500, brokerPriceCents: 3000, checkEbureau: false, minScore: 0, modifiedBy: 'test', lastUpdated: at, revision: 1 });
  }
  await Fund.put({ fundId: ids.fund, name: `Fund ${RUN}`, description: '', code: `F${RUN}`, lineOfBusiness: 2, category: 1, channel: 6, captivePriceCents: 2500, brokerPriceCents: 3000, isActive: true, isLiveTransfer: false, startDate: '2020-01-01T00:00:00.000Z', endDate: '2099-01-01T00:00:00.000Z', specifiedAgentIds: [], createdAt: at, revision: 1, modifiedBy: 'test', lastUpdated: at });
  await CampaignVendorFund.put({ campaignVendorFundId: `CVF-${RUN}`, campaignVendorId: `CV-${ids.vendor}`, fundId: ids.fund, priority: 1, isActive: true, modifiedAt: at, modifiedBy: 'test' });
  await RoutingRule.patch({ ruleId: 'default' }, { set: { callCenterPercent: 0, ppPercent: 100 } });
}

async function lead(when: string, vendorId = ids.vendor, state = { stateCode: 'IL', zipCode: '60601' }) {
  const primaryPhone = String(++phone);
  const outcome = await intakeLead({
    source: 'vendor', campaignId: ids.campaign, vendorId, sourceId: `S-${RUN}-${++n}`,
    lead: { firstName: 'Pat', lastName: `Lead${n}`, primaryPhone, ...state, birthDate: '1970-05-01' },
    consent: { text: 'I agree to be contacted.', at: when, ip: '203.0.113.5', pageUrl: 'https://example.com/quote' },
    at: new Date(when),
  });
  if (outcome.status !== 'accepted') throw new Error(`lead refused: ${JSON.stringify(outcome)}`);
  return { leadId: outcome.leadId, number: outcome.userFacingLeadId, phone: primaryPhone, result: outcome.result };
}

const table = (params: { startDate: string; endDate: string }, query: Record<string, string | number> = {}, session = admin) =>
  api.call('leads.table', { params, query: query as never, session }) as Promise<{ status: number; body: AllLeadsPage; errors: string[] }>;
const MARCH = { startDate: '2025-03-01', endDate: '2025-03-31' };

beforeAll(async () => {
  admin = await api.sessionFor('admin');
  await catalogue();
  // 12 leads in March 2025 (Central) from the vendor, one a day at noon UTC; 2 from the other vendor;
  // one on April 1st at 04:00 UTC, which is still March 31st in Central, and one in April.
  for (let d = 1; d <= 12; d++) march.push(await lead(`2025-03-${String(d).padStart(2, '0')}T12:00:00.000Z`));
  for (const d of [20, 21]) otherVendor.push((await lead(`2025-03-${d}T12:00:00.000Z`, ids.other)).number);
  march.push(await lead('2025-04-01T04:00:00.000Z'));
  await lead('2025-04-10T12:00:00.000Z');
}, 120_000);

describe('GET /api/leadstable (All Leads)', () => {
  it('pages a month newest first by 10, counts it, and answers an empty page beyond the end', async () => {
    const first = await table(MARCH);
    expect(first.status).toBe(200);
    expect(first.body.TotalCount).toBe(15);
    expect(first.body.Pages).toBe(2);
    expect(first.body.Data).toHaveLength(10);
    expect(first.body.Data[0]!.UserFacingLeadId).toBe(march.at(-1)!.number);
    expect(first.body.Data[0]!.LeadDate).toBe('2025-03-31');
    const second = await table(MARCH, { page: 2 });
    expect(second.body.Data.map((r) => r.UserFacingLeadId)).toEqual(march.slice(0, 5).map((l) => l.number).reverse());
    const beyond = await table(MARCH, { page: 9 });
    expect(beyond.status).toBe(200);
    expect(beyond.body).toEqual({ Data: [], Pages: 2, TotalCount: 15 });
  });

  it('pages oldest first and across a month boundary', async () => {
    const asc = await table({ startDate: '2025-03-01', endDate: '2025-04-30' }, { sortOrder: 'asc', page: 2, pageSize: 10 });
    expect(asc.body.TotalCount).toBe(16);
    expect(asc.body.Data.map((r) => r.LeadTimeStamp)).toEqual([...asc.body.Data.map((r) => r.LeadTimeStamp)].sort());
    expect(asc.body.Data).toHaveLength(6);
    expect(asc.body.Data.at(-1)!.LeadTimeStamp).toBe('2025-04-10T12:00:00.000Z');
    const desc = await table({ startDate: '2025-03-01', endDate: '2025-04-30' }, { pageSize: 3 });
    expect(desc.body.Data.map((r) => r.LeadTimeStamp)).toEqual(['2025-04-10T12:00:00.000Z', '2025-04-01T04:00:00.000Z', '2025-03-21T12:00:00.000Z']);
  });

  it('pages by 4 through the shards of the month index: the pages together are the month in arrival order, both ways', async () => {
    for (const sortOrder of ['asc', 'desc']) {
      const rows: string[] = [];
      for (let page = 1; page <= 4; page++) rows.push(...(await table(MARCH, { sortOrder, page, pageSize: 4 })).body.Data.map((r) => `${r.LeadTimeStamp}#${r.LeadId}`));
      expect(rows).toHaveLength(15);
      const sorted = [...rows].sort();
      expect(rows, sortOrder).toEqual(sortOrder === 'asc' ? sorted : sorted.reverse());
    }
  });

  it('filters by vendor, by campaign and vendor, by name, and finds nothing for an unknown name', async () => {
    const byVendor = await table(MARCH, { vendorId: ids.other });
    expect(byVendor.body.Data.map((r) => r.UserFacingLeadId).sort()).toEqual([...otherVendor].sort());
    const byPair = await table(MARCH, { campaignId: ids.campaign, vendorId: ids.vendor });
    expect(byPair.body.TotalCount).toBe(13);
    const byCampaign = await table(MARCH, { campaignId: ids.campaign });
    expect(byCampaign.body.TotalCount).toBe(15);
    const byNames = await table(MARCH, { campaignName: `all leads ${RUN}`, vendorName: `Vendor ${ids.other}` });
    expect(byNames.body.TotalCount).toBe(2);
    const filterObject = await table(MARCH, { 'filterObject[0].id': 'VendorName', 'filterObject[0].Value': `Vendor ${ids.other}` });
    expect(filterObject.body.TotalCount).toBe(2);
    expect((await table(MARCH, { vendorName: 'Nobody at all' })).body).toEqual({ Data: [], Pages: 0, TotalCount: 0 });
  });

  it('finds one lead by its lead ID and by its phone typed behind the mask, within the month only', async () => {
    const target = march[4]!;
    const byId = await table(MARCH, { leadId: String(target.number) });
    expect(byId.body.Data.map((r) => r.LeadId)).toEqual([target.leadId]);
    const masked = `(${target.phone.slice(0, 3)}) ${target.phone.slice(3, 6)}-${target.phone.slice(6)}`;
    const byPhone = await table(MARCH, { phone: masked });
    expect(byPhone.body.Data.map((r) => r.LeadId)).toEqual([target.leadId]);
    expect((await table({ startDate: '2025-05-01', endDate: '2025-05-31' }, { leadId: String(target.number) })).body.TotalCount).toBe(0);
    expect((await table(MARCH, { leadId: '999999999' })).body.TotalCount).toBe(0);
  });

  it('refuses bad lead IDs, phones, sort columns, filters and ranges with 400 and the messages', async () => {
    for (const leadId of ['12a', '1234567890', '-5', '0']) {
      const bad = await table(MARCH, { leadId });
      expect(bad.status, leadId).toBe(400);
      expect(bad.errors).toContain(ALL_LEADS_MESSAGES.leadId);
    }
    for (const p of ['31255512', 'abc5551234', '(312) 555-12345']) {
      const bad = await table(MARCH, { phone: p });
      expect(bad.status, p).toBe(400);
      expect(bad.errors).toContain(ALL_LEADS_MESSAGES.phone);
    }
    const sort = await table(MARCH, { sortColumnName: 'FirstName' });
    expect(sort.status).toBe(400);
    expect(sort.errors).toContain(ALL_LEADS_MESSAGES.sortColumn);
    expect((await table(MARCH, { sortOrder: 'sideways' })).errors).toContain(ALL_LEADS_MESSAGES.sortOrder);
    expect((await table(MARCH, { 'filterObject[0].id': 'Ssn', 'filterObject[0].Value': '1' })).errors).toContain(ALL_LEADS_MESSAGES.filterColumn);
    expect((await table({ startDate: '2024-01-01', endDate: '2025-03-31' })).errors).toContain(ALL_LEADS_MESSAGES.range);
    expect((await table({ startDate: '2025-03-31', endDate: '2025-03-01' })).status).toBe(400);
    expect((await table(MARCH, { pageSize: 1000 })).status).toBe(400);
  });

  it('lets support (CAN_VIEW_ALL_LEADS) read the table and refuses a manager, who lacks it', async () => {
    expect((await table(MARCH, {}, await api.sessionFor('support'))).status).toBe(200);
    expect((await table(MARCH, {}, await api.sessionFor('manager'))).status).toBe(403);
  });

  it('refuses agents with 403 on the table, its export and the lead detail', async () => {
    const agent = await api.sessionFor('captive agent');
    expect((await table(MARCH, {}, agent)).status).toBe(403);
    expect((await api.call('leads.tableExport', { params: MARCH, query: {}, session: agent })).status).toBe(403);
    expect((await api.call('leads.detail', { params: { leadId: String(march[0]!.number) }, query: {}, session: agent })).status).toBe(403);
  });

  it('exports the filtered rows as a CSV behind a download link', async () => {
    const answer = await api.call('leads.tableExport', { params: MARCH, query: { vendorId: ids.other } as never, session: admin });
    expect(answer.status).toBe(200);
    const body = answer.body as { Url: string; FileName: string };
    expect(body.FileName).toMatch(/^AllLeads-\d{2}-\d{2}-\d{4}\.csv$/);
    const csv = await (await fetch(body.Url)).text();
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Lead ID,Date,Campaign,Vendor,First Name,Last Name,Phone,Email,City,State,Zip Code,Score,Status,Sales');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`Vendor ${ids.other}`);
  });
});

describe('GET /api/lead/{leadId} (the lead with its trace)', () => {
  it('shows a sold lead with its sale, routing and every order considered with the reason it was passed over', async () => {
    const poor = await agentWithOrder({ balanceCents: 1_000, priority: 1 });
    const rich = await agentWithOrder({ balanceCents: 10_000, priority: 2 });
    const sold = await lead(new Date().toISOString(), ids.vendor, { stateCode: 'WI', zipCode: '53202' });
    expect(sold.result).toBe('sold');

    const byNumber = await api.call('leads.detail', { params: { leadId: String(sold.number) }, query: {}, session: admin });
    expect(byNumber.status).toBe(200);
    const detail = byNumber.body as LeadDetail;
    expect(detail.Lead).toMatchObject({ LeadId: sold.leadId, LeadStatus: 'Sold', SaleCount: 1, VendorId: ids.vendor });
    expect(detail.Routing).toMatchObject({ RuleId: 'default', RoutedTo: 'post' });
    expect(detail.Sales).toHaveLength(1);
    expect(detail.Sales[0]).toMatchObject({ Agent: { AgentId: rich.agentId }, OrderId: rich.orderId, AgentPurchasePrice: 25, FundName: `Fund ${RUN}` });
    expect(detail.Sales[0]!.Why).not.toBe('');
    const passed = detail.Trace.find((t) => t.OrderId === poor.orderId);
    expect(passed).toMatchObject({ TookLead: false, Reason: 'The balance (with the credit line) does not cover the price.' });
    expect(detail.Trace.at(-1)).toMatchObject({ OrderId: rich.orderId, TookLead: true, Reason: '' });
    expect(detail.Trace.at(-1)!.UserFacingOrderId).toBeGreaterThan(0);
    expect(detail.Disputes).toEqual([]);

    const byId = await api.call('leads.detail', { params: { leadId: sold.leadId }, query: {}, session: admin });
    expect((byId.body as LeadDetail).Lead.UserFacingLeadId).toBe(sold.number);
  });

  it('answers 404 for a lead that does not exist and 400 for a malformed one', async () => {
    const missing = await api.call('leads.detail', { params: { leadId: '999999998' }, query: {}, session: admin });
    expect(missing.status).toBe(404);
    expect(missing.errors).toEqual([ALL_LEADS_MESSAGES.leadNotFound]);
    expect((await api.call('leads.detail', { params: { leadId: '1234567890' }, query: {}, session: admin })).status).toBe(400);
    expect((await api.call('leads.detail', { params: { leadId: 'x'.repeat(65) }, query: {}, session: admin })).status).toBe(400);
  });
});

async function agentWithOrder(opts: { balanceCents: number; priority: number }) {
  const agentId = `A${RUN.slice(-3)}${String(++n).padStart(3, '0')}`;
  await registerAgent(agentProfileFixture(agentId, { state: 'WI', zip: '53202', timeZone: 'Central', priority: opts.priority }), { creditLineCents: 0 });
  await postEntry({ agentId, deltaCents: opts.balanceCents, type: 'AgentContribution', description: 'test money', idempotencyKey: `test:${agentId}` });
  const body: FundOrderBody = {
    OrderId: `O-${RUN}-${n}`,
    Description: 'test order',
    SelectedFunds: [ids.fund],
    StatesOnly: true,
    States: [{ StateAbbreviation: 'WI' }],
    ZipCodes: [],
    MaxPerHour: 0,
    MaxPerDay: 0,
    MaxPerWeek: 0,
    MaxPerMonth: 1000,
    OrderRecipients: [{ AgentId: agentId, Percentage: 100 }],
    OrderTimeSlots: [{ StartSlot: 0, EndSlot: 48, Days: [...DAYS] }],
  };
  const saved = await api.call('orders.createFundOrder', { params: { agentId }, body, session: admin });
  expect(saved.status, saved.errors.join()).toBeLessThan(300);
  // No projector in this file: the order's candidate rows are made from its facts, as the seed makes them.
  await projectCandidates([body.OrderId]);
  return { agentId, orderId: body.OrderId };
}
