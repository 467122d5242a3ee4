// The partner portal's data screens (issue 24) through the real gateway, intake route, engine and
// projector against DynamoDB Local: two vendors post leads with their tokens (sold, unsold, duplicate,
// and one refused for a campaign the vendor is not on), an agent disputes two sales and staff approve
// one and deny the other; then each vendor's users read their Home figures (per outcome and revenue at
// the vendor price, less the returned lead), their leads (paged, filtered by campaign and outcome, one
// lead with its consent evidence and returns, no buyer), their returns; the view rebuilt from the facts
// gives the same figures; and one vendor's user reads nothing of the other vendor, on every route.
import { beforeAll, describe, expect, it } from 'vitest';
import type { PartnerLeadRow } from '#shared/api/partner-data.ts';
import { useApiHarness, type Session } from '../support/api-harness.ts';
import { useLeadFixture, type PostedLead } from '../support/lead-fixture.ts';

const api = useApiHarness({ projector: true });
const A_PRICE = 700;
const B_PRICE = 900;
const fxA = useLeadFixture(api, {
  idPrefix: 'PA',
  codeLetter: 'P',
  names: { vendor: 'Partner A' },
  prices: { vendorCents: A_PRICE, captiveCents: 2500, brokerCents: 2500 },
  validation: { minAge: 0 },
  agentId: (n, run) => `PA${run.slice(-4)}${String(n).padStart(3, '0')}`.toUpperCase(),
  agentDefaults: { balanceCents: 100_000 },
  firstPhone: 3127410000,
});
const fxB = useLeadFixture(api, {
  idPrefix: 'PB',
  codeLetter: 'Q',
  names: { vendor: 'Partner B' },
  prices: { vendorCents: B_PRICE, captiveCents: 2500, brokerCents: 2500 },
  validation: { minAge: 0 },
  agentId: (n, run) => `PB${run.slice(-4)}${String(n).padStart(3, '0')}`.toUpperCase(),
  agentDefaults: { balanceCents: 100_000 },
  firstPhone: 3127420000,
});
/** A third vendor whose campaign retries unsold leads (an outcome that changes after the lead is counted). */
const fxC = useLeadFixture(api, {
  idPrefix: 'PC',
  codeLetter: 'R',
  names: { vendor: 'Partner C' },
  prices: { vendorCents: 650, captiveCents: 2500, brokerCents: 2500 },
  validation: { minAge: 0 },
  campaign: { maxRetries: 1, retryIntervalMinutes: 5 },
  agentId: (n, run) => `PC${run.slice(-4)}${String(n).padStart(3, '0')}`.toUpperCase(),
  agentDefaults: { balanceCents: 100_000 },
  firstPhone: 3127430000,
});

const { User } = await import('#entities/user.ts');
const { DisputeReason } = await import('#entities/dispute-reason.ts');
const { reportDay } = await import('#platform/report-day.ts');
const { rebuildViews } = await import('#core/views/rebuild.ts');
const { vendorDaysView } = await import('#core/views/vendor-days-view.ts');
const { intakeLead } = await import('#core/leads/intake.ts');
const { runLeadRetries } = await import('#core/leads/retries.ts');

/** A range around today (the posts carry the server's clock), whatever the hour. */
const day = (offset: number) => new Date(Date.parse(`${reportDay(new Date().toISOString())}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
const RANGE = { from: day(-1), to: day(1) };

async function vendorUser(vendorId: string, role: 'admin' | 'readOnly'): Promise<Session> {
  const userId = `U-${vendorId}-${role}`;
  await User.put({ userId, email: `${role}@${vendorId.toLowerCase()}.example.com`, name: 'Partner User', kind: 'vendor', vendorId, vendorRole: role, isAdmin: false, isManager: false, isLeadConnectHome: false, isSalesAssistant: false, isSponsorAgent: false, isFundPreview: false, createdAt: '2026-01-01T00:00:00.000Z' });
  return api.sessionOf(userId);
}

const posted = (answer: { status: number; body: PostedLead; errors: string[] }, result: string) => {
  expect(answer.status, answer.errors.join()).toBeLessThan(300);
  expect(answer.body.Result).toBe(result);
  return answer.body;
};

let aUser: Session;
let aAdmin: Session;
let bUser: Session;
/** The agent who bought A's leads (never to be named to a vendor). */
let buyerId = '';
const a = { sold: [] as PostedLead[], unsold: [] as PostedLead[], duplicate: [] as PostedLead[], rejected: '' };
const b = { sold: [] as PostedLead[], unsold: [] as PostedLead[] };

beforeAll(async () => {
  [aUser, aAdmin, bUser] = await Promise.all([vendorUser(fxA.ids.vendor, 'readOnly'), vendorUser(fxA.ids.vendor, 'admin'), vendorUser(fxB.ids.vendor, 'readOnly')]);
  await DisputeReason.put({ vendorId: fxA.ids.vendor, vendorReason: 'NOTINTERESTED', userFacingReason: 'Not interested', position: 0 });
  const buyerA = await fxA.agentWithOrder({ state: 'IL', zip: '60601', withSession: true });
  buyerId = buyerA.agentId;
  await fxB.agentWithOrder({ state: 'WI', zip: '53202' });

  // Vendor A (8 leads): 4 sold, 2 unsold (no order in Wyoming), 1 duplicate of a sold one's phone, 1 refused (not on B's campaign).
  for (let i = 0; i < 3; i++) a.sold.push(posted(await fxA.post(), 'sold'));
  for (let i = 0; i < 2; i++) a.unsold.push(posted(await fxA.post({ StateCode: 'WY', ZipCode: '82001' }), 'unsold'));
  const phone = fxA.nextPhone();
  a.sold.push(posted(await fxA.post({ PrimaryPhone: phone }), 'sold'));
  a.duplicate.push(posted(await fxA.post({ PrimaryPhone: phone }), 'duplicate'));
  const refused = await intakeLead({
    source: 'vendor',
    campaignId: fxB.ids.campaign,
    vendorId: fxA.ids.vendor,
    sourceId: `PA-REFUSED-${fxA.run}`,
    lead: { firstName: 'Rae', lastName: 'Refused', stateCode: 'IL', zipCode: '60601', primaryPhone: fxA.nextPhone() },
    consent: { text: 'I agree to be contacted.', at: new Date().toISOString(), ip: '203.0.113.5', pageUrl: 'https://example.com/quote' },
  });
  if (refused.status !== 'accepted' || refused.result !== 'rejected') throw new Error(`The lead was not rejected: ${JSON.stringify(refused)}`);
  a.rejected = refused.leadId;

  // Vendor B: 2 sold (Wisconsin), 1 unsold.
  for (let i = 0; i < 2; i++) b.sold.push(posted(await fxB.post({ StateCode: 'WI', ZipCode: '53202' }), 'sold'));
  b.unsold.push(posted(await fxB.post({ StateCode: 'WY', ZipCode: '82001' }), 'unsold'));

  // The buyer disputes two of A's sales; staff approve one (returned) and deny the other.
  const support = await api.sessionFor('support');
  for (const [lead, decision] of [
    [a.sold[0]!, 'Approve'],
    [a.sold[1]!, 'Deny'],
  ] as const) {
    const d = await api.call('leads.dispute', { session: buyerA.session, body: { LeadId: lead.LeadId, VendorReason: 'NOTINTERESTED', UserComments: `Agent ${buyerA.agentId} says: never asked.` } });
    expect(d.status, d.errors.join()).toBe(201);
    const decided = await api.call('leads.decideDispute', { session: support, params: { leadId: lead.LeadId }, body: { AgentId: buyerA.agentId, Decision: decision, Reason: decision === 'Approve' ? 'The consumer never asked for a quote: checked the call.' : 'The call recording shows consent.' } });
    expect(decided.status, decided.errors.join()).toBe(200);
  }
  await api.settled();
}, 240_000);

const summaryOf = async (session: Session, vendorId: string) => {
  const answer = await api.call('partner.summary', { session, params: { vendorId }, query: RANGE });
  expect(answer.status, answer.errors.join()).toBe(200);
  return answer.body;
};
const leadsOf = async (session: Session, vendorId: string, query: Record<string, string | number> = {}) => {
  const answer = await api.call('partner.leads', { session, params: { vendorId }, query: { ...RANGE, ...query } as never });
  expect(answer.status, answer.errors.join()).toBe(200);
  return answer.body;
};

describe('partner Home', () => {
  it("counts each vendor's leads by outcome and their revenue at the vendor price, less the returned lead", async () => {
    const { Totals, Days } = await summaryOf(aUser, fxA.ids.vendor);
    expect(Totals).toEqual({ Posted: 8, Sold: 4, Unsold: 2, CallCenter: 0, Duplicate: 1, Rejected: 1, RejectedDoNotCall: 0, Returned: 1, SoldRevenue: (4 * A_PRICE) / 100, ReturnedRevenue: A_PRICE / 100, Revenue: (3 * A_PRICE) / 100 });
    expect(Days.map((d) => d.Day)).toEqual([RANGE.from, day(0), RANGE.to]);
    expect(Days.reduce((n, d) => n + d.Posted, 0)).toBe(8);

    const other = await summaryOf(bUser, fxB.ids.vendor);
    expect(other.Totals).toMatchObject({ Posted: 3, Sold: 2, Unsold: 1, Returned: 0, Revenue: (2 * B_PRICE) / 100 });
  });

  it('moves a lead sold on a retry from unsold to sold on the day it arrived, with its vendor price', async () => {
    const cUser = await vendorUser(fxC.ids.vendor, 'readOnly');
    const lead = posted(await fxC.post({ StateCode: 'MI', ZipCode: '48226' }), 'unsold');
    await api.settled();
    expect((await summaryOf(cUser, fxC.ids.vendor)).Totals).toMatchObject({ Posted: 1, Sold: 0, Unsold: 1, Revenue: 0 });

    await fxC.agentWithOrder({ state: 'MI', zip: '48226' });
    expect((await runLeadRetries({ now: new Date(Date.now() + 6 * 60_000) })).sold).toBe(1);
    await api.settled();
    expect((await summaryOf(cUser, fxC.ids.vendor)).Totals).toMatchObject({ Posted: 1, Sold: 1, Unsold: 0, SoldRevenue: 6.5, Revenue: 6.5 });
    const sold = (await leadsOf(cUser, fxC.ids.vendor, { outcome: 'Sold' })).Data;
    expect(sold.map((r) => r.LeadId)).toEqual([lead.LeadId]);
    expect(sold[0]!.Reasons[1]).toMatch(/^Retry 1 of 1 at .+: sold\.$/);
    expect((await leadsOf(cUser, fxC.ids.vendor, { outcome: 'Unsold' })).TotalCount).toBe(0);
  });

  it('rebuilt from the leads and disputes, the view gives the same figures (nothing counted twice)', async () => {
    const before = await summaryOf(aUser, fxA.ids.vendor);
    await rebuildViews([vendorDaysView]);
    expect(await summaryOf(aUser, fxA.ids.vendor)).toEqual(before);
  });

  it('refuses a range of more than 366 days and a malformed day with 400', async () => {
    const long = await api.call('partner.summary', { session: aUser, params: { vendorId: fxA.ids.vendor }, query: { from: '2025-01-01', to: '2026-01-03' } });
    expect([long.status, long.errors]).toEqual([400, ['The date range can be at most 366 days.']]);
    expect((await api.fetch('GET', `/partner/${fxA.ids.vendor}/summary?from=yesterday&to=${RANGE.to}`, { session: aUser })).status).toBe(400);
  });
});

describe('partner Leads', () => {
  it("pages the vendor's leads newest first, and only theirs", async () => {
    const first = await leadsOf(aUser, fxA.ids.vendor, { pageSize: 3 });
    expect([first.TotalCount, first.Pages, first.Data.length]).toEqual([8, 3, 3]);
    const all: PartnerLeadRow[] = [];
    for (let page = 1; page <= 3; page++) all.push(...(await leadsOf(aUser, fxA.ids.vendor, { pageSize: 3, page })).Data);
    expect(all).toHaveLength(8);
    expect(new Set(all.map((r) => r.LeadId)).size).toBe(8);
    const times = all.map((r) => `${r.LeadTimeStamp}#${r.LeadId}`);
    expect(times).toEqual([...times].sort().reverse());
    const mine = [...a.sold, ...a.unsold, ...a.duplicate].map((l) => l.LeadId).concat(a.rejected);
    expect(all.map((r) => r.LeadId).sort()).toEqual(mine.sort());
  });

  it('filters by outcome and campaign, each lead with its outcome and reasons', async () => {
    const ids = (rows: PartnerLeadRow[]) => rows.map((r) => r.LeadId).sort();
    expect(ids((await leadsOf(aUser, fxA.ids.vendor, { outcome: 'Sold' })).Data)).toEqual(a.sold.map((l) => l.LeadId).sort());
    const unsold = (await leadsOf(aUser, fxA.ids.vendor, { outcome: 'Unsold' })).Data;
    expect(ids(unsold)).toEqual(a.unsold.map((l) => l.LeadId).sort());
    expect(unsold[0]!.Reasons).toEqual(['No active order takes this lead now.']);
    const duplicate = (await leadsOf(aUser, fxA.ids.vendor, { outcome: 'Duplicate' })).Data;
    expect([duplicate.length, duplicate[0]!.Reasons]).toEqual([1, ['The same phone or e-mail arrived within 30 days.']]);
    const rejected = await leadsOf(aUser, fxA.ids.vendor, { outcome: 'Rejected' });
    expect(rejected.Data.map((r) => [r.LeadId, r.Reasons])).toEqual([[a.rejected, ['The vendor is not on this campaign.']]]);
    expect((await leadsOf(aUser, fxA.ids.vendor, { outcome: 'CallCenter' })).TotalCount).toBe(0);

    const returned = (await leadsOf(aUser, fxA.ids.vendor, { outcome: 'Returned' })).Data;
    expect(returned.map((r) => [r.LeadId, r.LeadStatus, r.Returned])).toEqual([[a.sold[0]!.LeadId, 'Sold', true]]);
    const sold = (await leadsOf(aUser, fxA.ids.vendor, { outcome: 'Sold' })).Data;
    expect(sold.filter((r) => r.Returned).map((r) => r.LeadId)).toEqual([a.sold[0]!.LeadId]);

    // The refused lead is on B's campaign: that campaign's filter finds it alone, A's campaign the others.
    expect(ids((await leadsOf(aUser, fxA.ids.vendor, { campaignId: fxB.ids.campaign })).Data)).toEqual([a.rejected]);
    expect((await leadsOf(aUser, fxA.ids.vendor, { campaignId: fxA.ids.campaign })).TotalCount).toBe(7);
    expect((await leadsOf(aUser, fxA.ids.vendor, { campaignId: fxA.ids.campaign, outcome: 'Returned' })).TotalCount).toBe(1);
    expect((await leadsOf(aUser, fxA.ids.vendor, { campaignId: fxB.ids.campaign, outcome: 'Returned' })).TotalCount).toBe(0);
  });

  it('shows one lead with its consent evidence and its return, by id or number, and never the buyer', async () => {
    const lead = a.sold[0]!;
    const answer = await api.call('partner.lead', { session: aUser, params: { vendorId: fxA.ids.vendor, leadId: lead.LeadId }, query: {} });
    expect(answer.status, answer.errors.join()).toBe(200);
    expect(answer.body.Lead).toMatchObject({ LeadId: lead.LeadId, LeadStatus: 'Sold', Returned: true, Answer: { Result: 'sold', Reasons: [] }, Consent: { Text: 'I agree to be contacted.', Ip: '203.0.113.5', PageUrl: 'https://example.com/quote' } });
    expect(answer.body.Returns).toEqual([
      expect.objectContaining({ Status: 'Approved', VendorReason: 'NOTINTERESTED', Reason: 'Not interested', DecidedBy: 'Staff', Decision: 'The consumer never asked for a quote: checked the call.' }),
    ]);
    const text = JSON.stringify(answer.body);
    expect(text).not.toContain(buyerId);
    expect(text).not.toContain('never asked.');
    const byNumber = await api.call('partner.lead', { session: aUser, params: { vendorId: fxA.ids.vendor, leadId: String(lead.UserFacingLeadId) }, query: {} });
    expect(byNumber.body.Lead.LeadId).toBe(lead.LeadId);
  });
});

describe('partner Returns', () => {
  it("lists the disputes of the vendor's leads with the decision and its evidence, filtered by status", async () => {
    const all = await api.call('partner.returns', { session: aUser, params: { vendorId: fxA.ids.vendor }, query: RANGE });
    expect(all.status, all.errors.join()).toBe(200);
    expect(all.body.TotalCount).toBe(2);
    expect(all.body.Data.map((r) => [r.LeadId, r.Status, r.Decision]).sort()).toEqual(
      [
        [a.sold[0]!.LeadId, 'Approved', 'The consumer never asked for a quote: checked the call.'],
        [a.sold[1]!.LeadId, 'Denied', 'The call recording shows consent.'],
      ].sort(),
    );
    expect(JSON.stringify(all.body)).not.toContain(buyerId);
    const approved = await api.call('partner.returns', { session: aUser, params: { vendorId: fxA.ids.vendor }, query: { ...RANGE, status: 'Approved' } });
    expect(approved.body.Data.map((r) => r.LeadId)).toEqual([a.sold[0]!.LeadId]);
    const second = await api.call('partner.returns', { session: aUser, params: { vendorId: fxA.ids.vendor }, query: { ...RANGE, pageSize: 1, page: 2 } });
    expect([second.body.TotalCount, second.body.Pages, second.body.Data.length]).toEqual([2, 2, 1]);
    const none = await api.call('partner.returns', { session: bUser, params: { vendorId: fxB.ids.vendor }, query: RANGE });
    expect(none.body.TotalCount).toBe(0);
  });
});

describe("one vendor's user and another vendor's data", () => {
  it("is refused every data route of the other vendor, and the other vendor's lead by id is not found", async () => {
    const lead = a.sold[0]!;
    const paths = [
      `/partner/${fxA.ids.vendor}/summary?from=${RANGE.from}&to=${RANGE.to}`,
      `/partner/${fxA.ids.vendor}/leads?from=${RANGE.from}&to=${RANGE.to}`,
      `/partner/${fxA.ids.vendor}/leads/${lead.LeadId}`,
      `/partner/${fxA.ids.vendor}/returns?from=${RANGE.from}&to=${RANGE.to}`,
    ];
    for (const path of paths) expect((await api.fetch('GET', path, { session: bUser })).status, path).toBe(403);
    for (const path of paths) expect((await api.fetch('GET', path, { session: aAdmin })).status, path).toBe(200);
    const known = await api.call('partner.lead', { session: bUser, params: { vendorId: fxB.ids.vendor, leadId: lead.LeadId }, query: {} });
    expect([known.status, known.errors]).toEqual([404, ['Lead not found.']]);
    const byNumber = await api.call('partner.lead', { session: bUser, params: { vendorId: fxB.ids.vendor, leadId: String(lead.UserFacingLeadId) }, query: {} });
    expect(byNumber.status).toBe(404);
    const bLeads = await leadsOf(bUser, fxB.ids.vendor);
    expect(bLeads.Data.map((r) => r.LeadId).sort()).toEqual([...b.sold, ...b.unsold].map((l) => l.LeadId).sort());
  });

  it('lets staff who view vendors read a vendor, and refuses an agent', async () => {
    expect((await summaryOf(await api.sessionFor('support'), fxA.ids.vendor)).Totals.Posted).toBe(8);
    const agent = await api.fetch('GET', `/partner/${fxA.ids.vendor}/summary?from=${RANGE.from}&to=${RANGE.to}`, { session: await api.sessionFor('captive agent') });
    expect(agent.status).toBe(403);
  });
});
