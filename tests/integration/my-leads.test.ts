// My Leads (issue 11, part 3 §2, §3, §7, §9) through the real gateway against DynamoDB Local: leads sold
// by the real engine (vendor posts) to the demo sponsor's orders, one delivered to the sponsor and one
// to their downline captive agent; the distributions, the row fields, filters and paging, the dispute
// columns, who may read whose leads, the 90-day limit, a bad distribution, and both CSV exports.
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { BAD_DISTRIBUTION, LEADS_RANGE_TOO_LONG } from '#shared/api/leads.ts';
import { useApiHarness, type Session } from '../support/api-harness.ts';
import { useLeadFixture } from '../support/lead-fixture.ts';

const api = useApiHarness();
const fx = useLeadFixture(api, {
  codeLetter: 'M',
  names: { campaign: 'Leads Test' },
  campaign: { dedupeScope: 'None' },
  firstPhone: 4145550000,
  postDefaults: { StateCode: 'WI', ZipCode: '53202' },
});
const { run: RUN, ids } = fx;

const { Dispute } = await import('#entities/dispute.ts');
const { LeadSale } = await import('#entities/lead-sale.ts');
const { postEntry } = await import('#core/money/ledger.ts');
const { DEMO_AGENT_IDS } = await import('#core/seed/demo-users.ts');

const SPONSOR = DEMO_AGENT_IDS.sponsor;
const CAPTIVE = DEMO_AGENT_IDS.captive;
let admin: Session;
let sponsor: Session;
let captive: Session;
let broker: Session;

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const range = { startDate: dayOffset(-3), endDate: dayOffset(1) };

/** A fund order of the sponsor's in `state`, delivering every lead to `recipient`. */
const sponsorOrder = (state: string, recipient: string) => fx.fundOrder(SPONSOR, { state, recipientAgentId: recipient, description: `test order ${state}` });

/** A vendor post (in Wisconsin unless said otherwise) that sells. */
const post = async (over: Record<string, unknown>) => {
  const answer = await fx.post(over);
  expect(answer.body.Result).toBe('sold');
  return answer.body;
};

const list = (agentId: string, session: Session, query: Record<string, string | number> = {}, r = range) =>
  api.call('leads.listForAgent', { params: { agentId, ...r }, query: query as never, session });

let wiLead: { LeadId: string; UserFacingLeadId: number };
let mnLead: { LeadId: string; UserFacingLeadId: number };

beforeAll(async () => {
  [admin, sponsor, captive, broker] = await Promise.all([api.sessionFor('admin'), api.sessionFor('sponsor agent'), api.sessionFor('captive agent'), api.sessionFor('broker agent')]);
  await postEntry({ agentId: SPONSOR, deltaCents: 100_000, type: 'AgentContribution', description: 'test money', idempotencyKey: `test:${RUN}:sponsor` });
  await sponsorOrder('WI', SPONSOR);
  await sponsorOrder('MN', CAPTIVE);
  wiLead = await post({ FirstName: 'Wanda', LastName: 'Wisconsin', PrimaryPhone: '4145551234' });
  mnLead = await post({ FirstName: 'Minnie', LastName: 'Sota', StateCode: 'MN', ZipCode: '55401', PrimaryPhone: '6125559876' });
}, 120_000);

describe('GET leads/agent/{agentId}/startDate/{date}/endDate/{date}', () => {
  it("shows the agent's received and distributed leads, newest first, with the lead, the order, the fund, both agents and why it came", async () => {
    const { status, body } = await list(SPONSOR, sponsor);
    expect(status).toBe(200);
    expect(body).toMatchObject({ AgentId: SPONSOR, Distribution: 'all', TotalCount: 2, Page: 1, PageSize: 10, TotalPages: 1 });
    expect(body.Leads.map((l) => l.LeadId)).toEqual([mnLead.LeadId, wiLead.LeadId]);
    const [mn, wi] = body.Leads;
    expect(wi).toMatchObject({
      UserFacingLeadId: wiLead.UserFacingLeadId, FirstName: 'Wanda', LastName: 'Wisconsin', StateCode: 'WI', FundName: `Fund ${RUN}`, SourceCampaignName: `Leads Test ${RUN}`,
      VendorName: `Vendor ${RUN}`, AgentPurchasePrice: 25, LeadStatus: 'Sold', HasDispute: false, DisputeStatus: null, AllowDisputes: true,
      AgentId: SPONSOR, RecipientAgentId: SPONSOR, Distribution: 'received',
    });
    expect(wi!.Why).toMatch(/^Matched your order \d+: state WI/);
    expect(Date.parse(wi!.DisputeOpenUntil) - Date.parse(wi!.LeadTimeStamp)).toBe(5 * 86_400_000);
    expect(mn).toMatchObject({ AgentId: SPONSOR, RecipientAgentId: CAPTIVE, Distribution: 'distributed' });
    expect(mn!.RecipientFirstName).not.toBe('');
    expect(body.Choices).toEqual({
      Funds: [{ Id: ids.fund, Name: `Fund ${RUN}` }],
      Campaigns: [{ Id: ids.campaign, Name: `Leads Test ${RUN}` }],
      Vendors: [{ Id: ids.vendor, Name: `Vendor ${RUN}` }],
    });
  });

  it('narrows to received or distributed leads; the recipient sees a distributed lead as received', async () => {
    expect((await list(SPONSOR, sponsor, { distribution: 'received' })).body.Leads.map((l) => l.LeadId)).toEqual([wiLead.LeadId]);
    expect((await list(SPONSOR, sponsor, { distribution: 'distributed' })).body.Leads.map((l) => l.LeadId)).toEqual([mnLead.LeadId]);
    const mine = await list(CAPTIVE, captive);
    expect(mine.body.Leads.map((l) => [l.LeadId, l.Distribution])).toEqual([[mnLead.LeadId, 'received']]);
  });

  it("lets an agent read their downline's leads and staff any agent's, and refuses another agent's leads with 403", async () => {
    expect((await list(CAPTIVE, sponsor)).status).toBe(200);
    expect((await list(CAPTIVE, admin)).status).toBe(200);
    expect((await list(SPONSOR, captive)).status).toBe(403);
    expect((await list(CAPTIVE, broker)).status).toBe(403);
  });

  it(`refuses a range longer than 90 days with '${LEADS_RANGE_TOO_LONG}' and a bad distribution with '${BAD_DISTRIBUTION}'`, async () => {
    const long = await list(SPONSOR, sponsor, {}, { startDate: '2026-01-01', endDate: '2026-04-02' });
    expect(long.status).toBe(400);
    expect(long.errors).toContain(LEADS_RANGE_TOO_LONG);
    expect((await list(SPONSOR, sponsor, {}, { startDate: '2026-01-01', endDate: '2026-04-01' })).status).toBe(200);
    const bad = await list(SPONSOR, sponsor, { distribution: 'everything' });
    expect(bad.status).toBe(400);
    expect(bad.errors).toContain(BAD_DISTRIBUTION);
  });

  it('filters by lead id, phone digits, last name and state, and refuses a lead id of more than 9 digits', async () => {
    const ids = async (q: Record<string, string>) => (await list(SPONSOR, sponsor, q)).body.Leads.map((l) => l.LeadId);
    expect(await ids({ leadId: String(wiLead.UserFacingLeadId) })).toEqual([wiLead.LeadId]);
    expect(await ids({ phone: '5559876' })).toEqual([mnLead.LeadId]);
    expect(await ids({ lastName: 'wis' })).toEqual([wiLead.LeadId]);
    expect(await ids({ state: 'MN' })).toEqual([mnLead.LeadId]);
    expect(await ids({ fundId: 'nope' })).toEqual([]);
    expect((await list(SPONSOR, sponsor, { leadId: '1234567890' })).status).toBe(400);
  });

  it("shows a sale's dispute: its status, its date and that it has one", async () => {
    const sale = (await LeadSale.query.ofLead(wiLead.LeadId).all())[0]!;
    const when = new Date().toISOString();
    await Dispute.put({ leadId: wiLead.LeadId, userFacingLeadId: wiLead.UserFacingLeadId, agentId: SPONSOR, submittedBy: SPONSOR, vendorId: ids.vendor, campaignId: ids.campaign, vendorReason: 'R', userComments: 'c', status: 'Submitted', at: when, agentPurchasePriceCents: sale.agentPurchasePriceCents });
    const { body } = await list(SPONSOR, sponsor, { disputeStatus: 'Submitted' });
    expect(body.Leads).toHaveLength(1);
    expect(body.Leads[0]).toMatchObject({ LeadId: wiLead.LeadId, HasDispute: true, DisputeStatus: 'Submitted', DisputeDateTime: when });
    await Dispute.delete({ leadId: wiLead.LeadId, agentId: SPONSOR });
  });

  it('pages 10 rows at a time', async () => {
    for (let i = 0; i < 9; i++) await post({ LastName: `Page${i}` });
    const first = await list(SPONSOR, sponsor, { distribution: 'received' });
    expect(first.body).toMatchObject({ TotalCount: 10, TotalPages: 1 });
    await post({ LastName: 'Page9' });
    const page1 = await list(SPONSOR, sponsor, { distribution: 'received' });
    const page2 = await list(SPONSOR, sponsor, { distribution: 'received', page: 2 });
    expect(page1.body).toMatchObject({ TotalCount: 11, TotalPages: 2 });
    expect(page1.body.Leads).toHaveLength(10);
    expect(page2.body.Leads.map((l) => l.LeadId)).toEqual([wiLead.LeadId]);
  });
});

describe('the exports', () => {
  it("writes the agent's filtered rows as CSV and answers a download link", async () => {
    const { status, body } = await api.call('leads.agentExport', { params: { agentId: SPONSOR, ...range, distribution: 'distributed' }, session: sponsor });
    expect(status).toBe(200);
    expect(body.FileName).toMatch(new RegExp(`^Leads-${SPONSOR}-distributed-\\d{2}-\\d{2}-\\d{4}\\.csv$`));
    const rows = Papa.parse<string[]>((await (await fetch(body.Url)).text()).trim()).data;
    expect(rows[0]).not.toContain('Campaign');
    expect(rows.slice(1).map((r) => r[0])).toEqual([String(mnLead.UserFacingLeadId)]);
  });

  it('gives staff the campaign and vendor columns, and refuses another agent or a bad distribution', async () => {
    const staff = await api.call('leads.adminExport', { params: { agentId: SPONSOR, ...range, distribution: 'received' }, query: { lastName: 'Wisconsin' }, session: admin });
    expect(staff.status).toBe(200);
    const rows = Papa.parse<string[]>((await (await fetch(staff.body.Url)).text()).trim()).data;
    expect(rows[0]).toEqual(expect.arrayContaining(['Campaign', 'Vendor', 'Company Price']));
    expect(rows).toHaveLength(2);
    expect((await api.call('leads.agentExport', { params: { agentId: SPONSOR, ...range, distribution: 'all' }, session: captive })).status).toBe(403);
    expect((await api.call('leads.adminExport', { params: { agentId: SPONSOR, ...range, distribution: 'all' }, session: sponsor })).status).toBe(403);
    const bad = await api.fetch('POST', `/leads/agentLeadExport/startDate/${range.startDate}/endDate/${range.endDate}/${SPONSOR}/mine`, { session: sponsor });
    expect(bad.status).toBe(400);
    expect(bad.errors).toContain(BAD_DISTRIBUTION);
  });
});
