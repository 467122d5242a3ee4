// The lead engine's machinery around a decision (issue 11) against DynamoDB Local: the retry job
// (unsold leads again after RetryInterval minutes, at most MaxRetries times, sold and charged once
// however many runs race; public form submissions left Received), the same-phone guard for posts in
// the same moment, the LeadArrived/LeadSold events without personal data, and the retention job (the
// lead's and the submission's person, its disputes' comments and its call-center file).
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FundOrderBody } from '#shared/orders/payload.ts';
import { useApiHarness, type Session } from '../support/api-harness.ts';
import { agentProfileFixture } from '../support/agent-fixture.ts';

// Events go to files here (the local publisher), read back by the events test.
const EVENTS_DIR = mkdtempSync(path.join(tmpdir(), 'lead-events-'));
process.env.LOCAL_EVENTS_DIR = EVENTS_DIR;
// The local dialer's lists go here (one file per call-center lead), read back by the retention test.
const CALLCENTER_DIR = mkdtempSync(path.join(tmpdir(), 'lead-callcenter-'));
process.env.CALLCENTER_DIR = CALLCENTER_DIR;

const api = useApiHarness();

const { Campaign } = await import('#entities/campaign.ts');
const { CampaignValidation } = await import('#entities/campaign-validation.ts');
const { CampaignVendor } = await import('#entities/campaign-vendor.ts');
const { CampaignVendorFund } = await import('#entities/campaign-vendor-fund.ts');
const { Fund } = await import('#entities/fund.ts');
const { Vendor } = await import('#entities/vendor.ts');
const { VendorToken } = await import('#entities/vendor-token.ts');
const { RoutingRule } = await import('#entities/routing-rule.ts');
const { Lead } = await import('#entities/lead.ts');
const { LeadSale } = await import('#entities/lead-sale.ts');
const { LeadRetry } = await import('#entities/lead-retry.ts');
const { LeadAnonymised } = await import('#entities/lead-anonymised.ts');
const { Dispute } = await import('#entities/dispute.ts');
const { dialerFileOf } = await import('#core/leads/providers.ts');
const { PublicFormLead } = await import('#entities/public-form-lead.ts');
const { registerAgent } = await import('#core/agent-registry.ts');
const { getBalance, postEntry } = await import('#core/ledger.ts');
const { hashVendorToken, newVendorToken, lastFourOf } = await import('#core/vendor-token.ts');
const { clearLeadEngineCache } = await import('#core/leads/engine.ts');
const { intakeLead } = await import('#core/leads/intake.ts');
const { setLeadEventPublisher } = await import('#core/leads/lead-events.ts');
const { runLeadRetries } = await import('#core/leads/retries.ts');
const { runRetention, retentionCutoff } = await import('#core/leads/retention.ts');
const { handler: retryJob } = await import('../../functions/jobs/lead-retry.ts');
const { DAYS } = await import('#shared/orders/order.ts');

const RUN = Date.now().toString(36);
let admin: Session;
let token = '';
let n = 0;
let phone = 4145550000 + Math.floor(Math.random() * 9000);
const ids = { campaign: `C-${RUN}`, vendor: `V-${RUN}`, fund: `F-${RUN}`, cv: `CV-${RUN}` };
const code = `J${RUN}`.toUpperCase();
const at = '2026-01-01T00:00:00.000Z';
const MINUTE = 60_000;

async function catalogue() {
  await Campaign.put({
    campaignId: ids.campaign, name: `Jobs ${RUN}`, code, description: 'test', category: 1, lob: 2, leadType: 'Health', crmLob: 'Health', businessOwner: 'x', destination: 'x',
    status: 1, startDate: '2020-01-01T00:00:00.000Z', endDate: '2099-01-01T00:00:00.000Z', allowDisputes: true, isLiveTransfer: false,
    dedupeScope: 'Campaign', dedupeDays: 30, callCenterCheck: 0, callTimeCheck: 30, maxRetries: 2, retryIntervalMinutes: 5, channel: 'Both',
    checkEbureau: false, minScore: 0, modifiedBy: 'test', lastUpdated: at, revision: 1,
  });
  await CampaignValidation.put({ campaignId: ids.campaign, campaignValidationId: 'v', addressLine1Required: false, cityRequired: false, stateRequired: true, zipRequired: true, countryRequired: false, inEmailRequired: false, bzEmailRequired: false, inGenderRequired: false, inDobRequired: false, minAge: 18, maxAge: 0 });
  token = newVendorToken();
  await Vendor.put({ vendorId: ids.vendor, name: ids.vendor, code: ids.vendor, description: '', status: 1, createdAt: at, createdBy: 'test', lastUpdated: at, archived: false, allowCreditLineUse: true, allowDisputes: true, allowVariablePricing: false, isPartner: false, revision: 1, modifiedBy: 'test', tokenHash: hashVendorToken(token), tokenLastFour: lastFourOf(token) });
  await VendorToken.put({ tokenHash: hashVendorToken(token), vendorId: ids.vendor, createdAt: at, createdBy: 'test' });
  await CampaignVendor.put({ campaignVendorId: ids.cv, campaignId: ids.campaign, vendorId: ids.vendor, vendorPriceCents: 500, maxPriceCents: 0, captivePriceCents: 2500, brokerPriceCents: 3000, checkEbureau: false, minScore: 0, modifiedBy: 'test', lastUpdated: at, revision: 1 });
  await Fund.put({ fundId: ids.fund, name: `Fund ${RUN}`, description: '', code: `G${RUN}`, lineOfBusiness: 2, category: 1, channel: 6, captivePriceCents: 2500, brokerPriceCents: 3000, isActive: true, isLiveTransfer: false, startDate: '2020-01-01T00:00:00.000Z', endDate: '2099-01-01T00:00:00.000Z', specifiedAgentIds: [], createdAt: at, revision: 1, modifiedBy: 'test', lastUpdated: at });
  await CampaignVendorFund.put({ campaignVendorFundId: `CVF-${RUN}`, campaignVendorId: ids.cv, fundId: ids.fund, priority: 1, isActive: true, modifiedAt: at, modifiedBy: 'test' });
  await RoutingRule.patch({ ruleId: 'default' }, { set: { callCenterPercent: 0, ppPercent: 100 } });
  clearLeadEngineCache();
}

/** A new agent with a balance and a fund order in `state`, open every hour of every day. */
async function agentWithOrder(state: string, zip: string, balanceCents = 100_000, caps: [number, number, number, number] = [0, 0, 0, 1000]) {
  const agentId = `J${RUN.slice(-3)}${String(++n).padStart(3, '0')}`;
  await registerAgent(agentProfileFixture(agentId, { state, zip }), { creditLineCents: 0 });
  await postEntry({ agentId, deltaCents: balanceCents, type: 'AgentContribution', description: 'test money', idempotencyKey: `test:${agentId}` });
  const body: FundOrderBody = {
    OrderId: `O-${RUN}-${n}`, Description: 'test order', SelectedFunds: [ids.fund], StatesOnly: true, States: [{ StateAbbreviation: state }], ZipCodes: [],
    MaxPerHour: caps[0], MaxPerDay: caps[1], MaxPerWeek: caps[2], MaxPerMonth: caps[3], OrderRecipients: [{ AgentId: agentId, Percentage: 100 }], OrderTimeSlots: [{ StartSlot: 0, EndSlot: 48, Days: [...DAYS] }],
  };
  const saved = await api.call('orders.createFundOrder', { params: { agentId }, body, session: admin });
  expect(saved.status, saved.errors.join()).toBeLessThan(300);
  clearLeadEngineCache();
  return { agentId, orderId: body.OrderId };
}

const post = (over: Record<string, unknown> = {}) =>
  api.fetch<{ LeadId: string; UserFacingLeadId: number; Result: string; Reasons?: string[] }>('POST', '/intake/leads', {
    origin: false,
    headers: { authorization: `Bearer ${token}` },
    body: {
      CampaignCode: code, VendorLeadId: `VL-${RUN}-${++n}`, FirstName: 'Pat', LastName: 'Lead', PrimaryPhone: String(++phone), Email: `pat${n}@example.com`,
      StateCode: 'OH', ZipCode: '43215', BirthDate: '1970-05-01',
      Consent: { Text: 'I agree to be contacted.', Timestamp: '2026-01-01T10:00:00Z', Ip: '203.0.113.5', PageUrl: 'https://example.com/quote' },
      ...over,
    },
  });

const retriesOf = async (leadId: string) => (await LeadRetry.query.dueBy('9999').all()).filter((r) => r.leadId === leadId);

beforeAll(async () => {
  admin = await api.sessionFor('admin');
  await catalogue();
  setLeadEventPublisher(undefined);
}, 120_000);

describe('the lead retry job', () => {
  it('retries an unsold lead after RetryInterval minutes, sells it to an order that came meanwhile and charges once, however often it runs', async () => {
    const unsold = await post({ StateCode: 'MI', ZipCode: '48226' });
    expect(unsold.body.Result).toBe('unsold');
    const [retry] = await retriesOf(unsold.body.LeadId);
    expect(retry).toMatchObject({ attempt: 1, maxRetries: 2, intervalMinutes: 5 });
    expect(Date.parse(retry!.dueAt) - Date.now()).toBeGreaterThan(4 * MINUTE);

    // Not due yet: nothing happens.
    await runLeadRetries({ now: new Date(Date.now() + MINUTE) });
    expect(await retriesOf(unsold.body.LeadId)).toHaveLength(1);

    const { agentId, orderId } = await agentWithOrder('MI', '48226');
    const later = new Date(Date.now() + 6 * MINUTE);
    const runs = await Promise.all([runLeadRetries({ now: later }), runLeadRetries({ now: later }), runLeadRetries({ now: later })]);
    expect(runs.reduce((s, r) => s + r.sold, 0)).toBe(1);
    await runLeadRetries({ now: new Date(Date.now() + 20 * MINUTE) });

    expect((await getBalance(agentId))!.balanceCents).toBe(97_500);
    expect((await LeadSale.query.ofLead(unsold.body.LeadId).all()).map((s) => s.orderId)).toEqual([orderId]);
    const lead = (await Lead.get({ leadId: unsold.body.LeadId }))!;
    expect(lead.leadStatus).toBe('Sold');
    expect(lead.reasons[0]).toBe('No active order takes this lead now.');
    expect(lead.reasons[1]).toMatch(/^Retry 1 of 2 at .+: sold\.$/);
    expect(lead.trace.at(-1)).toMatchObject({ orderId, passedOver: '' });
    expect(await retriesOf(unsold.body.LeadId)).toEqual([]);
  });

  it('stops after MaxRetries, noting each attempt on the lead', async () => {
    const unsold = await post({ StateCode: 'KY', ZipCode: '40202' });
    expect(unsold.body.Result).toBe('unsold');
    const first = await retryJob({ time: new Date(Date.now() + 6 * MINUTE).toISOString() });
    expect(first?.unsold).toBeGreaterThanOrEqual(1);
    expect(await retriesOf(unsold.body.LeadId)).toEqual([expect.objectContaining({ attempt: 2 })]);
    await runLeadRetries({ now: new Date(Date.now() + 12 * MINUTE) });
    await runLeadRetries({ now: new Date(Date.now() + 30 * MINUTE) });
    expect(await retriesOf(unsold.body.LeadId)).toEqual([]);
    const lead = (await Lead.get({ leadId: unsold.body.LeadId }))!;
    expect(lead.leadStatus).toBe('Unsold');
    expect(lead.reasons.slice(1).map((r) => r.replace(/ at \S+:/, ':'))).toEqual([
      'Retry 1 of 2: No active order takes this lead now.',
      'Retry 2 of 2: No active order takes this lead now.',
    ]);
  });

  it('does not retry a duplicate, and a campaign without retries writes none', async () => {
    const first = await post({ StateCode: 'IN', ZipCode: '46204', PrimaryPhone: '3175550177' });
    const dup = await post({ StateCode: 'IN', ZipCode: '46204', PrimaryPhone: '3175550177' });
    expect([first.body.Result, dup.body.Result]).toEqual(['unsold', 'duplicate']);
    expect(await retriesOf(dup.body.LeadId)).toEqual([]);
    await Campaign.patch({ campaignId: ids.campaign }, { set: { maxRetries: 0 } });
    clearLeadEngineCache();
    try {
      const none = await post({ StateCode: 'IN', ZipCode: '46204' });
      expect(none.body.Result).toBe('unsold');
      expect(await retriesOf(none.body.LeadId)).toEqual([]);
    } finally {
      await Campaign.patch({ campaignId: ids.campaign }, { set: { maxRetries: 2 } });
      clearLeadEngineCache();
    }
  });

  it('hands a public form submission left Received to the engine and records its answer', async () => {
    const receivedAt = new Date(Date.now() - 5 * MINUTE).toISOString();
    const leadId = `PF-${RUN}`;
    await PublicFormLead.put({
      leadId, form: 'lead', contractId: 'K1', campaignId: ids.campaign, lineOfBusiness: 'Health', status: 'Received', receivedAt,
      firstName: 'Sam', lastName: 'Form', address: '1 Main St', addressLine2: '', city: 'Nashville', county: 'Davidson', state: 'TN', zipCode: '37203',
      birthDate: '05/01/1970', phone: String(++phone), alternatePhone: '', email: '', contactTime: '', contactDay: '', notes: '',
      consent: { text: 'I agree.', version: '1', at: receivedAt, ip: '198.51.100.7', pageUrl: 'https://example.com/form', userAgent: 'test' },
    });
    const summary = await runLeadRetries();
    expect(summary.formLeads.routed).toBeGreaterThanOrEqual(1);
    const stored = (await PublicFormLead.get({ leadId }))!;
    expect(stored.status).toBe('Routed');
    expect(stored.intake?.result).toBe('unsold');
    const lead = await Lead.get({ leadId: stored.intake!.leadId! });
    expect(lead).toMatchObject({ source: 'publicForm', sourceId: leadId });
    // A second pass finds nothing left Received.
    expect((await runLeadRetries()).formLeads.received).toBe(0);
  });
});

describe('the same-phone guard', () => {
  it('makes the second of two posts with one phone in the same moment a duplicate (unsold and sold alike), charging once', async () => {
    const unsoldPhone = String(++phone);
    const unsold = await Promise.all([post({ StateCode: 'AR', ZipCode: '72201', PrimaryPhone: unsoldPhone }), post({ StateCode: 'AR', ZipCode: '72201', PrimaryPhone: unsoldPhone })]);
    expect(unsold.map((r) => r.body.Result).sort()).toEqual(['duplicate', 'unsold']);

    const { agentId } = await agentWithOrder('OK', '73102');
    const soldPhone = String(++phone);
    const sold = await Promise.all([
      post({ StateCode: 'OK', ZipCode: '73102', PrimaryPhone: soldPhone }),
      post({ StateCode: 'OK', ZipCode: '73102', PrimaryPhone: soldPhone }),
      post({ StateCode: 'OK', ZipCode: '73102', PrimaryPhone: soldPhone }),
    ]);
    expect(sold.map((r) => r.body.Result).sort()).toEqual(['duplicate', 'duplicate', 'sold']);
    expect((await getBalance(agentId))!.balanceCents).toBe(97_500);
    const dup = sold.find((r) => r.body.Result === 'duplicate')!;
    expect((await Lead.get({ leadId: dup.body.LeadId }))?.leadStatus).toBe('Duplicate');
  });
});

describe('the lead events', () => {
  it('publishes LeadArrived and LeadSold with ids, campaign, vendor, status and price only', async () => {
    const { agentId, orderId } = await agentWithOrder('CO', '80202');
    const sold = await post({ StateCode: 'CO', ZipCode: '80202', FirstName: 'Unique', LastName: 'Person' });
    expect(sold.body.Result).toBe('sold');
    const file = path.join(EVENTS_DIR, 'leadportal.leads.jsonl');
    expect(existsSync(file)).toBe(true);
    const text = readFileSync(file, 'utf8');
    const events = text.trim().split('\n').map((l) => JSON.parse(l) as { 'detail-type': string; detail: Record<string, unknown> });
    const mine = events.filter((e) => e.detail.leadId === sold.body.LeadId);
    expect(mine.map((e) => e['detail-type']).sort()).toEqual(['LeadArrived', 'LeadSold']);
    expect(mine.find((e) => e['detail-type'] === 'LeadSold')!.detail).toMatchObject({ orderId, agentId, priceCents: 2500, campaignId: ids.campaign, vendorId: ids.vendor, retryAttempt: 0 });
    expect(mine.find((e) => e['detail-type'] === 'LeadArrived')!.detail).toMatchObject({ result: 'sold', status: 'Sold', userFacingLeadId: sold.body.UserFacingLeadId });
    for (const word of ['Unique', 'Person', '80202', '203.0.113.5', 'example.com']) expect(JSON.stringify(mine)).not.toContain(word);
  });
});

describe("Home's Lead Intake gauges", () => {
  it('give what the capped active orders took in the current hour, day, week and month beside their caps', async () => {
    const { accountSummary } = await import('#core/account-summary.ts');
    const { agentId } = await agentWithOrder('NV', '89101', 100_000, [5, 10, 0, 100]);
    const before = await accountSummary(agentId);
    expect(before).toMatchObject({ capacityPerHour: 5, capacityPerDay: 10, capacityPerWeek: 0, capacityPerMonth: 100, usedPerHour: 0, usedPerDay: 0, usedPerWeek: 0, usedPerMonth: 0 });
    for (let i = 0; i < 2; i++) expect((await post({ StateCode: 'NV', ZipCode: '89101' })).body.Result).toBe('sold');
    // The week has no cap on this order: nothing of it counts towards a gauge it has no maximum in.
    expect(await accountSummary(agentId)).toMatchObject({ usedPerHour: 2, usedPerDay: 2, usedPerWeek: 0, usedPerMonth: 2 });
  });
});

describe('the retention job', () => {
  it('removes the personal fields of leads and form submissions past the period, keeps the facts, and changes nothing on a second run', async () => {
    const now = new Date();
    const cutoff = retentionCutoff(now, 36);
    const old = new Date(cutoff.getTime() - 10 * 86_400_000);
    const recent = new Date(cutoff.getTime() + 10 * 86_400_000);
    const { agentId } = await agentWithOrder('UT', '84101');
    const phones: Record<string, string> = {};
    const lead = (p: string, when: Date) =>
      intakeLead({
        source: 'vendor', campaignId: ids.campaign, vendorId: ids.vendor, sourceId: `RET-${RUN}-${p}`, at: when,
        lead: { firstName: 'Old', lastName: 'Person', primaryPhone: (phones[p] = String(++phone)), email: 'old@example.com', address1: '9 Elm St', city: 'Salt Lake City', stateCode: 'UT', zipCode: '84101', birthDate: '1950-01-01', notes: 'call after 5' },
        consent: { text: 'I agree.', at: when.toISOString(), ip: '203.0.113.9', pageUrl: 'https://example.com/q' },
      });
    const [gone, kept] = [await lead('old', old), await lead('recent', recent)];
    expect(gone.status === 'accepted' && gone.result).toBe('sold');
    expect(kept.status).toBe('accepted');
    const formId = `PF-OLD-${RUN}`;
    await PublicFormLead.put({
      leadId: formId, form: 'employer', contractId: 'K1', campaignId: ids.campaign, lineOfBusiness: 'Employer', status: 'Routed', receivedAt: old.toISOString(),
      firstName: 'Old', lastName: 'Form', address: '9 Elm St', addressLine2: 'Apt 2', city: 'Salt Lake City', county: 'Salt Lake', state: 'UT', zipCode: '84101',
      birthDate: '', phone: '8015550100', alternatePhone: '8015550101', email: 'boss@example.com', contactTime: 'Morning', contactDay: 'Monday', notes: 'hi',
      employer: { jobTitle: 'Owner', companyName: 'Elm Co', numberOfEmployees: 5, employeesOver65: 'No', companyIndustry: 'Retail', groupCoverage: 'No' },
      consent: { text: 'I agree.', version: '1', at: old.toISOString(), ip: '198.51.100.9', pageUrl: 'https://example.com/form', userAgent: 'Mozilla' },
    });

    const first = await runRetention({ now, months: 36 });
    expect(first.leads).toBeGreaterThanOrEqual(1);
    expect(first.formLeads).toBeGreaterThanOrEqual(1);
    const anon = (await Lead.get({ leadId: gone.status === 'accepted' ? gone.leadId : '' }))!;
    expect(anon).toMatchObject({ firstName: '', lastName: '', primaryPhone: '', leadStatus: 'Sold', stateCode: 'UT', zipCode: '84101', consent: { ip: '', pageUrl: '', text: 'I agree.' } });
    for (const field of ['email', 'address1', 'city', 'birthDate', 'notes'] as const) expect(anon[field]).toBeUndefined();
    expect(await LeadAnonymised.get({ leadId: anon.leadId })).toBeDefined();
    // Out of the phone index (All Leads' phone filter) too, and the recent one still in it.
    expect(await Lead.query.withPhone(phones.old!).all()).toEqual([]);
    expect(await Lead.query.withPhone(phones.recent!).all()).toHaveLength(1);
    const [sale] = await LeadSale.query.ofLead(anon.leadId).all();
    expect(sale).toMatchObject({ agentId, agentPurchasePriceCents: 2500 });
    const stillThere = (await Lead.get({ leadId: kept.status === 'accepted' ? kept.leadId : '' }))!;
    expect(stillThere).toMatchObject({ firstName: 'Old', email: 'old@example.com' });
    const form = (await PublicFormLead.get({ leadId: formId }))!;
    expect(form).toMatchObject({ firstName: '', phone: '', alternatePhone: '', email: '', address: '', notes: '', status: 'Routed', zipCode: '84101', employer: { jobTitle: '', companyName: 'Elm Co' } });
    expect(form.consent).toMatchObject({ ip: '', userAgent: '', pageUrl: '' });
    expect(form.anonymisedAt).toBeDefined();

    const second = await runRetention({ now, months: 36 });
    expect([second.leads, second.formLeads]).toEqual([0, 0]);
  });

  it("also empties an expired lead's dispute comments and staff reason (the pre-checks' evidence stays) and deletes its call-center file", async () => {
    const now = new Date();
    const old = new Date(retentionCutoff(now, 36).getTime() - 5 * 86_400_000);
    const consent = { text: 'I agree.', at: old.toISOString(), ip: '203.0.113.9', pageUrl: 'https://example.com/q' };
    const person = { firstName: 'Old', lastName: 'Caller', birthDate: '1950-01-01' };
    // A call-center lead: every New Mexico lead of this campaign goes to the call center.
    await RoutingRule.put({ ruleId: `RC-${RUN}`, name: 'New Mexico', description: '', active: true, ppPercent: 0, callCenterPercent: 100, zipCodes: [], states: ['NM'], linesOfBusiness: [], campaignIds: [ids.campaign], defaultRule: false, priority: 0, createdDate: at, callCenterCount: 0, ppCount: 0, revision: 1, modifiedBy: 'test', lastUpdated: at });
    clearLeadEngineCache();
    const called = await intakeLead({ source: 'vendor', campaignId: ids.campaign, vendorId: ids.vendor, sourceId: `RET-CC-${RUN}`, at: old, consent, lead: { ...person, primaryPhone: String(++phone), stateCode: 'NM', zipCode: '87501' } });
    await RoutingRule.delete({ ruleId: `RC-${RUN}` });
    clearLeadEngineCache();
    expect(called.status === 'accepted' && called.result).toBe('unsold');
    const ccLead = (await Lead.get({ leadId: called.status === 'accepted' ? called.leadId : '' }))!;
    expect(ccLead.routedTo).toBe('callCenter');
    const file = path.join(CALLCENTER_DIR, dialerFileOf(ccLead.callCenterList ?? '', ccLead.leadId));
    expect(readFileSync(file, 'utf8')).toContain(ccLead.primaryPhone);

    // Two sold leads with a dispute each: one decided by staff in their own words, one by the pre-checks.
    const { agentId } = await agentWithOrder('NV', '89501');
    const disputed: { leadId: string; by: string; reason: string }[] = [];
    for (const [i, by, reason] of [[1, 'U-admin', 'Called Old Caller back: the number is his.'], [2, 'auto', 'Invalid phone: the area code starts with 0 or 1.']] as const) {
      const sold = await intakeLead({ source: 'vendor', campaignId: ids.campaign, vendorId: ids.vendor, sourceId: `RET-D${i}-${RUN}`, at: old, consent, lead: { ...person, primaryPhone: String(++phone), stateCode: 'NV', zipCode: '89501' } });
      expect(sold.status === 'accepted' && sold.result).toBe('sold');
      const leadId = sold.status === 'accepted' ? sold.leadId : '';
      const [sale] = await LeadSale.query.ofLead(leadId).all();
      await Dispute.put({
        leadId, userFacingLeadId: sale!.userFacingLeadId, agentId, submittedBy: agentId, vendorId: ids.vendor, campaignId: ids.campaign, fundId: ids.fund, vendorReason: 'Wrong number',
        userComments: 'Spoke to Old Caller, he never asked.', status: 'Denied', at: new Date(old.getTime() + 86_400_000).toISOString(), agentPurchasePriceCents: 2500,
        decidedAt: new Date(old.getTime() + 2 * 86_400_000).toISOString(), decidedBy: by, decisionReason: reason,
      });
      disputed.push({ leadId, by, reason });
    }

    await runRetention({ now, months: 36 });

    expect(existsSync(file)).toBe(false);
    expect((await Lead.get({ leadId: ccLead.leadId }))).toMatchObject({ firstName: '', primaryPhone: '', leadStatus: 'CallCenter', callCenterList: ccLead.callCenterList ?? expect.anything() });
    const [staff, auto] = await Promise.all(disputed.map(async (d) => (await Dispute.query.ofLead(d.leadId).all())[0]!));
    expect(staff).toMatchObject({ userComments: '', decisionReason: '', vendorReason: 'Wrong number', status: 'Denied', agentPurchasePriceCents: 2500 });
    expect(auto).toMatchObject({ userComments: '', decisionReason: disputed[1]!.reason, status: 'Denied' });
    // The queue and Home's counts still find them (their indexes are untouched).
    expect((await Dispute.query.ofAgent(agentId).all()).map((d) => d.leadId).sort()).toEqual(disputed.map((d) => d.leadId).sort());
  });
});
