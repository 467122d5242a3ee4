// The lead engine's machinery around a decision (issue 11) against DynamoDB Local: the retry job
// (unsold leads again after RetryInterval minutes, at most MaxRetries times, sold and charged once
// however many runs race; public form submissions left Received), the same-phone guard for posts in
// the same moment, the LeadArrived/LeadSold events without personal data, and the retention job (the
// lead's and the submission's person, its disputes' comments and its call-center file).
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { useApiHarness } from '../support/api-harness.ts';
import { useLeadFixture } from '../support/lead-fixture.ts';

// Events go to files here (the local publisher), read back by the events test.
const EVENTS_DIR = mkdtempSync(path.join(tmpdir(), 'lead-events-'));
process.env.LOCAL_EVENTS_DIR = EVENTS_DIR;
// The local dialer's lists go here (one file per call-center lead), read back by the retention test.
const CALLCENTER_DIR = mkdtempSync(path.join(tmpdir(), 'lead-callcenter-'));
process.env.CALLCENTER_DIR = CALLCENTER_DIR;
afterAll(() => [EVENTS_DIR, CALLCENTER_DIR].forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const api = useApiHarness({ projector: true });
const fx = useLeadFixture(api, {
  codeLetter: 'J',
  names: { campaign: 'Jobs' },
  campaign: { maxRetries: 2, retryIntervalMinutes: 5 },
  agentDefaults: { balanceCents: 100_000 },
  firstPhone: 4145550000 + Math.floor(Math.random() * 9000),
  postDefaults: { StateCode: 'OH', ZipCode: '43215' },
});
const { run: RUN, ids, at, agentWithOrder, nextPhone } = fx;

const { Campaign } = await import('#entities/campaign.ts');
const { RoutingRule } = await import('#entities/routing-rule.ts');
const { Lead } = await import('#entities/lead.ts');
const { LeadSale } = await import('#entities/lead-sale.ts');
const { LeadRetry } = await import('#entities/lead-retry.ts');
const { LeadAnonymised } = await import('#entities/lead-anonymised.ts');
const { Dispute } = await import('#entities/dispute.ts');
const { dialerFileOf } = await import('#core/leads/providers.ts');
const { PublicFormLead } = await import('#entities/public-form-lead.ts');
const { getBalance } = await import('#core/money/ledger.ts');
const { setEventPublisher } = await import('#core/views/domain-events.ts');
const { runLeadRetries } = await import('#core/leads/retries.ts');
const { runRetention, retentionCutoff } = await import('#core/leads/retention.ts');
const { handler: retryJob } = await import('../../functions/jobs/lead-retry.ts');

const MINUTE = 60_000;

/** A vendor post (in Ohio unless said otherwise) with an e-mail of its own. */
let emails = 0;
const post = (over: Record<string, unknown> = {}) => fx.post({ Email: `pat${++emails}@example.com`, ...over });

const retriesOf = async (leadId: string) => (await LeadRetry.query.dueBy('9999').all()).filter((r) => r.leadId === leadId);

beforeAll(async () => {
  setEventPublisher(undefined);
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

    const { agentId, orderId } = await agentWithOrder({ state: 'MI', zip: '48226' });
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
    // The engine holds the campaign until the projector raises the catalogue's version.
    await api.settled();
    try {
      const none = await post({ StateCode: 'IN', ZipCode: '46204' });
      expect(none.body.Result).toBe('unsold');
      expect(await retriesOf(none.body.LeadId)).toEqual([]);
    } finally {
      await Campaign.patch({ campaignId: ids.campaign }, { set: { maxRetries: 2 } });
      await api.settled();
    }
  });

  it('hands a public form submission left Received to the engine and records its answer', async () => {
    const receivedAt = new Date(Date.now() - 5 * MINUTE).toISOString();
    const leadId = `PF-${RUN}`;
    await PublicFormLead.put({
      leadId, form: 'lead', contractId: 'K1', campaignId: ids.campaign, lineOfBusiness: 'Health', status: 'Received', receivedAt,
      firstName: 'Sam', lastName: 'Form', address: '1 Main St', addressLine2: '', city: 'Nashville', county: 'Davidson', state: 'TN', zipCode: '37203',
      birthDate: '05/01/1970', phone: nextPhone(), alternatePhone: '', email: '', contactTime: '', contactDay: '', notes: '',
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
    const unsoldPhone = nextPhone();
    const unsold = await Promise.all([post({ StateCode: 'AR', ZipCode: '72201', PrimaryPhone: unsoldPhone }), post({ StateCode: 'AR', ZipCode: '72201', PrimaryPhone: unsoldPhone })]);
    expect(unsold.map((r) => r.body.Result).sort()).toEqual(['duplicate', 'unsold']);

    const { agentId } = await agentWithOrder({ state: 'OK', zip: '73102' });
    const soldPhone = nextPhone();
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
    const { agentId, orderId } = await agentWithOrder({ state: 'CO', zip: '80202' });
    const sold = await post({ StateCode: 'CO', ZipCode: '80202', FirstName: 'Unique', LastName: 'Person' });
    expect(sold.body.Result).toBe('sold');
    // Published by the projector from the stored lead and sale, not by the request.
    await api.settled();
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
    // The two sales and the gauges' read each take the agent's hour, day and month from the clock: it
    // (Date only, still running) starts at a fixed instant far from any hour, day, week or month boundary
    // of every account zone, so all three count in the same periods.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-10T17:20:00Z'), shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    const { accountSummary } = await import('#core/money/account-summary.ts');
    const { agentId } = await agentWithOrder({ state: 'NV', zip: '89101', caps: { MaxPerHour: 5, MaxPerDay: 10, MaxPerWeek: 0, MaxPerMonth: 100 } });
    const before = await accountSummary(agentId);
    expect(before).toMatchObject({ capacityPerHour: 5, capacityPerDay: 10, capacityPerWeek: 0, capacityPerMonth: 100, usedPerHour: 0, usedPerDay: 0, usedPerWeek: 0, usedPerMonth: 0 });
    for (let i = 0; i < 2; i++) expect((await post({ StateCode: 'NV', ZipCode: '89101' })).body.Result).toBe('sold');
    // The week has no cap on this order: nothing of it counts towards a gauge it has no maximum in.
    expect(await accountSummary(agentId)).toMatchObject({ usedPerHour: 2, usedPerDay: 2, usedPerWeek: 0, usedPerMonth: 2 });
  });
});

describe('the retention job', () => {
  // The job runs at a pinned moment, never the test's own day: the 1st of a month after a 30-day month
  // (December 1 and March 1 once skipped the month before the cutoff's) and the year's last day.
  it.each(['2026-12-01T15:00:00Z', '2026-03-01T15:00:00Z', '2026-12-31T15:00:00Z'])('run on %s, removes the personal fields of leads and form submissions past the period, keeps the facts, and changes nothing on a second run', async (runAt) => {
    const now = new Date(runAt);
    const tag = runAt.slice(0, 10);
    const cutoff = retentionCutoff(now, 36);
    const old = new Date(cutoff.getTime() - 10 * 86_400_000);
    const recent = new Date(cutoff.getTime() + 10 * 86_400_000);
    const { agentId } = await agentWithOrder({ state: 'UT', zip: '84101' });
    const phones: Record<string, string> = {};
    const lead = (p: string, when: Date) =>
      fx.intake({
        sourceId: `RET-${RUN}-${tag}-${p}`, at: when,
        lead: { firstName: 'Old', lastName: 'Person', primaryPhone: (phones[p] = nextPhone()), email: `old-${tag}@example.com`, address1: '9 Elm St', city: 'Salt Lake City', stateCode: 'UT', zipCode: '84101', birthDate: '1950-01-01', notes: 'call after 5' },
        consent: { text: 'I agree.', at: when.toISOString(), ip: '203.0.113.9', pageUrl: 'https://example.com/q' },
      });
    const [gone, kept] = [await lead('old', old), await lead('recent', recent)];
    expect(gone.status === 'accepted' && gone.result).toBe('sold');
    expect(kept.status).toBe('accepted');
    const formId = `PF-OLD-${RUN}-${tag}`;
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
    expect(stillThere).toMatchObject({ firstName: 'Old', email: `old-${tag}@example.com` });
    const form = (await PublicFormLead.get({ leadId: formId }))!;
    expect(form).toMatchObject({ firstName: '', phone: '', alternatePhone: '', email: '', address: '', notes: '', status: 'Routed', zipCode: '84101', employer: { jobTitle: '', companyName: 'Elm Co' } });
    expect(form.consent).toMatchObject({ ip: '', userAgent: '', pageUrl: '' });
    expect(form.anonymisedAt).toBeDefined();

    const second = await runRetention({ now, months: 36 });
    expect([second.leads, second.formLeads]).toEqual([0, 0]);
  });

  it("also empties an expired lead's dispute comments and staff reason (the pre-checks' evidence stays) and deletes its call-center file", async () => {
    const now = new Date('2026-12-01T15:00:00Z');
    const old = new Date(retentionCutoff(now, 36).getTime() - 5 * 86_400_000);
    const consent = { text: 'I agree.', at: old.toISOString(), ip: '203.0.113.9', pageUrl: 'https://example.com/q' };
    const person = { firstName: 'Old', lastName: 'Caller', birthDate: '1950-01-01' };
    // A call-center lead: every New Mexico lead of this campaign goes to the call center.
    await RoutingRule.put({ ruleId: `RC-${RUN}`, name: 'New Mexico', description: '', active: true, ppPercent: 0, callCenterPercent: 100, zipCodes: [], states: ['NM'], linesOfBusiness: [], campaignIds: [ids.campaign], defaultRule: false, priority: 0, createdDate: at, callCenterCount: 0, ppCount: 0, revision: 1, modifiedBy: 'test', lastUpdated: at });
    await api.settled();
    const called = await fx.intake({ sourceId: `RET-CC-${RUN}`, at: old, consent, lead: { ...person, primaryPhone: nextPhone(), stateCode: 'NM', zipCode: '87501' } });
    await RoutingRule.delete({ ruleId: `RC-${RUN}` });
    await api.settled();
    expect(called.status === 'accepted' && called.result).toBe('unsold');
    const ccLead = (await Lead.get({ leadId: called.status === 'accepted' ? called.leadId : '' }))!;
    expect(ccLead.routedTo).toBe('callCenter');
    const file = path.join(CALLCENTER_DIR, dialerFileOf(ccLead.callCenterList ?? '', ccLead.leadId));
    expect(readFileSync(file, 'utf8')).toContain(ccLead.primaryPhone);

    // Two sold leads with a dispute each: one decided by staff in their own words, one by the pre-checks.
    const { agentId } = await agentWithOrder({ state: 'NV', zip: '89501' });
    const disputed: { leadId: string; by: string; reason: string }[] = [];
    for (const [i, by, reason] of [[1, 'U-admin', 'Called Old Caller back: the number is his.'], [2, 'auto', 'Invalid phone: the area code starts with 0 or 1.']] as const) {
      const sold = await fx.intake({ sourceId: `RET-D${i}-${RUN}`, at: old, consent, lead: { ...person, primaryPhone: nextPhone(), stateCode: 'NV', zipCode: '89501' } });
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
