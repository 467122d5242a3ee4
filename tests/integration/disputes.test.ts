// Disputes (part 3 §4, §7, §9; issue 11) through the real gateway against DynamoDB Local: leads sold
// by the real engine (intakeLead, through tests/support/lead-fixture.ts) to agents with sessions, then
// POST lead/dispute (who may, the window, the vendor's reasons, one per sale, replays, races), the
// pre-checks that approve at once with their evidence, and the staff queue and decisions (exactly one credit, the ledger still summing to the
// balance, the performance day's leadsCredited, the day sums).
import { beforeAll, describe, expect, it } from 'vitest';
import { DISPUTE_MESSAGES, disputeOpenUntil } from '#shared/api/disputes.ts';
import { useApiHarness, type Session } from '../support/api-harness.ts';
import { useLeadFixture } from '../support/lead-fixture.ts';

const PRICE = 2500;
// An approved credit reaches the performance cells through the projector (views/performance-view.ts).
const api = useApiHarness({ projector: true });
const fx = useLeadFixture(api, {
  idPrefix: 'D',
  codeLetter: 'D',
  names: { campaign: 'Disputes' },
  prices: { captiveCents: PRICE, brokerCents: PRICE },
  validation: { minAge: 0 },
  agentId: (n, run) => `D${run.slice(-4)}${String(n).padStart(3, '0')}`.toUpperCase(),
  agentDefaults: { balanceCents: 10_000 },
  firstPhone: 3127340000,
});
const { run: RUN, ids } = fx;

const { DisputeReason } = await import('#entities/dispute-reason.ts');
const { Lead } = await import('#entities/lead.ts');
const { LeadSale } = await import('#entities/lead-sale.ts');
const { PerformanceDay } = await import('#entities/lead-contact-index.ts');
const { LedgerEntry } = await import('#entities/ledger-entry.ts');
const { DaySummary } = await import('#entities/day-summary.ts');
const { Dispute } = await import('#entities/dispute.ts');
const { Order } = await import('#entities/order.ts');
const { OrderHistory } = await import('#entities/order-history.ts');
const { getBalance } = await import('#core/money/ledger.ts');
const { totalShard } = await import('#core/reports/insights/insight-items.ts');
const { accountSummary } = await import('#core/money/account-summary.ts');
const { reportDay } = await import('#platform/report-day.ts');
const { submitDispute } = await import('#core/leads/disputes.ts');
const { listPartnerReturns } = await import('#core/partner/data-returns.ts');
const { partnerReturnsQuery } = await import('#shared/api/partner-data.ts');

let admin: Session;
let support: Session;

interface Agent {
  agentId: string;
  session: Session;
  orderId: string;
}

/** An agent with a user and a session, $100 of lead money and a fund order in `state` (every state its own, so each lead has one buyer). */
const agentWithOrder = (state: string, zip: string): Promise<Agent> => fx.agentWithOrder({ state, zip, withSession: true });

/** A lead through the real engine, sold in `state` (to that state's order). */
async function soldLead(state: string, zip: string, over: { primaryPhone?: string; email?: string; at?: Date } = {}) {
  const outcome = await fx.intake({
    lead: { stateCode: state, zipCode: zip, ...(over.primaryPhone ? { primaryPhone: over.primaryPhone } : {}), ...(over.email ? { email: over.email } : {}) },
    ...(over.at ? { at: over.at } : {}),
  });
  if (outcome.status !== 'accepted' || outcome.result !== 'sold') throw new Error(`The lead did not sell: ${JSON.stringify(outcome)}`);
  return outcome.leadId;
}

const dispute = (session: Session, LeadId: string, over: Record<string, string> = {}) =>
  api.call('leads.dispute', { session, body: { LeadId, VendorReason: 'NOTINTERESTED', UserComments: 'Never asked for a quote.', ...over } });

const decide = (session: Session, leadId: string, AgentId: string, Decision: 'Approve' | 'Deny', Reason = 'Checked the call recording.') =>
  api.call('leads.decideDispute', { session, params: { leadId }, body: { AgentId, Decision, Reason } });

async function expectLedgerSumsToBalance(agentId: string) {
  const entries = await LedgerEntry.query.ofAgent(agentId).all({ consistent: true });
  const sum = entries.reduce((s, e) => s + e.creditCents - e.debitCents, 0);
  const balance = (await getBalance(agentId))!.balanceCents;
  expect(sum).toBe(balance);
  expect(entries.at(-1)!.balanceAfterCents).toBe(balance);
  return { balance, entries };
}

const credits = async (agentId: string) => (await LedgerEntry.query.ofAgent(agentId).all({ consistent: true })).filter((e) => e.type === 'LeadCredit');
/** The lead's performance cell (its day, and its shard of the day) once the projector has caught up. */
const perfDay = async (lead: { leadId: string; at: string }) => {
  await api.settled();
  return PerformanceDay.get({ day: reportDay(lead.at), shard: totalShard(lead.leadId), fundId: ids.fund, campaignId: ids.campaign, vendorId: ids.vendor }, { consistent: true });
};

beforeAll(async () => {
  admin = await api.sessionFor('admin');
  support = await api.sessionFor('support');
  await DisputeReason.put({ vendorId: ids.vendor, vendorReason: 'BADPHONE', userFacingReason: 'Bad phone number', position: 0 });
  await DisputeReason.put({ vendorId: ids.vendor, vendorReason: 'NOTINTERESTED', userFacingReason: 'Not interested', position: 1 });
}, 120_000);

describe('POST /api/lead/dispute', () => {
  it('stores the buyer\u2019s dispute as Submitted with its date, counts it on Home and answers a replay with the same dispute', async () => {
    const buyer = await agentWithOrder('WI', '53202');
    const leadId = await soldLead('WI', '53202');
    const first = await dispute(buyer.session, leadId);
    expect(first.status, first.errors.join()).toBe(201);
    expect(first.body).toMatchObject({ LeadId: leadId, DisputeStatus: 'Submitted' });
    expect(Date.parse(first.body.DisputeDateTime)).toBeGreaterThan(Date.now() - 60_000);
    expect(first.body.Decision).toBeUndefined();
    expect((await accountSummary(buyer.agentId)).pendingDisputes).toBe(1);

    const replay = await dispute(buyer.session, leadId);
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    const second = await dispute(buyer.session, leadId, { UserComments: 'A second try.' });
    expect(second.status).toBe(409);
    expect(second.errors).toEqual([DISPUTE_MESSAGES.alreadyDisputed]);
    expect(await Dispute.query.ofLead(leadId).all()).toHaveLength(1);
    expect((await getBalance(buyer.agentId))!.balanceCents).toBe(10_000 - PRICE);
  });

  it('refuses another agent and staff, edited and malformed lead ids, and reasons that are not the vendor\u2019s', async () => {
    const buyer = await agentWithOrder('MN', '55401');
    const other = await agentWithOrder('IA', '50309');
    const leadId = await soldLead('MN', '55401');
    const stranger = await dispute(other.session, leadId);
    expect([stranger.status, stranger.errors]).toEqual([404, [DISPUTE_MESSAGES.leadNotFound]]);
    const staff = await dispute(admin, leadId);
    expect([staff.status, staff.errors]).toEqual([403, [DISPUTE_MESSAGES.notBuyerOrRecipient]]);
    expect((await dispute(buyer.session, `${leadId.slice(0, -1)}x`)).status).toBe(404);
    expect((await api.fetch('POST', '/lead/dispute', { session: buyer.session, body: { LeadId: '../x', VendorReason: 'X', UserComments: 'y' } })).status).toBe(400);
    const unknown = await dispute(buyer.session, leadId, { VendorReason: 'MADEUP' });
    expect([unknown.status, unknown.errors]).toEqual([400, [DISPUTE_MESSAGES.unknownReason]]);
    const long = await dispute(buyer.session, leadId, { UserComments: 'x'.repeat(256) });
    expect([long.status, long.errors]).toEqual([400, ['Comments must be at most 255 characters.']]);
    expect(await Dispute.query.ofLead(leadId).all()).toEqual([]);
  });

  it('takes a dispute until the last millisecond of the 5 days and refuses it at 5 days, the instant My Leads hides its button', async () => {
    const buyer = await agentWithOrder('NE', '68102');
    const leadId = await soldLead('NE', '68102');
    const [sale] = await LeadSale.query.ofLead(leadId).all();
    const closes = Date.parse(sale!.at) + 5 * 86_400_000;
    const at = (now: number) => submitDispute({ agentId: buyer.agentId, leadId, vendorReason: 'NOTINTERESTED', userComments: 'Never asked for a quote.', now: new Date(now) });
    await expect(at(closes)).rejects.toThrow(DISPUTE_MESSAGES.windowPassed);
    expect(await Dispute.query.ofLead(leadId).all()).toEqual([]);
    expect((await at(closes - 1)).replayed).toBe(false);
    // My Leads' DisputeOpenUntil, after which its Dispute button is gone, is that same instant (my-leads.test.ts).
    expect(disputeOpenUntil(sale!.at).getTime()).toBe(closes);
  });

  it('refuses a sale of 6 days ago and a lead that does not allow disputes', async () => {
    const buyer = await agentWithOrder('NE', '68102');
    const old = await soldLead('NE', '68102', { at: new Date(Date.now() - 6 * 86_400_000) });
    const late = await dispute(buyer.session, old);
    expect([late.status, late.errors]).toEqual([400, [DISPUTE_MESSAGES.windowPassed]]);
    const fresh = await soldLead('NE', '68102');
    await Lead.patch({ leadId: fresh }, { set: { allowDisputes: false } });
    const closed = await dispute(buyer.session, fresh);
    expect([closed.status, closed.errors]).toEqual([400, [DISPUTE_MESSAGES.notDisputable]]);
    expect(await Dispute.query.ofLead(old).all()).toEqual([]);
  });

  it('lets the recipient of a distributed lead dispute it for the buying agent, who is credited on approval', async () => {
    const buyer = await agentWithOrder('KS', '66101');
    const recipient = await agentWithOrder('MO', '63101');
    const leadId = await soldLead('KS', '66101');
    // The order gave this lead to a recipient in the buyer's downline (as a distribution does).
    const sale = (await LeadSale.query.ofLead(leadId).all())[0]!;
    await LeadSale.put({ ...sale, recipientAgentId: recipient.agentId });
    const res = await dispute(recipient.session, leadId);
    expect(res.status, res.errors.join()).toBe(201);
    const stored = await Dispute.get({ leadId, agentId: buyer.agentId });
    expect(stored).toMatchObject({ agentId: buyer.agentId, submittedBy: recipient.agentId, status: 'Submitted' });
    expect((await decide(support, leadId, buyer.agentId, 'Approve')).status).toBe(200);
    expect((await getBalance(buyer.agentId))!.balanceCents).toBe(10_000);
    expect((await getBalance(recipient.agentId))!.balanceCents).toBe(10_000);
  });

  it('two racing submissions of the same sale store one dispute', async () => {
    const buyer = await agentWithOrder('OK', '73102');
    const leadId = await soldLead('OK', '73102');
    const both = await Promise.all([dispute(buyer.session, leadId), dispute(buyer.session, leadId)]);
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    expect(both[0]!.body).toEqual(both[1]!.body);
    expect(await Dispute.query.ofLead(leadId).all()).toHaveLength(1);
  });
});

describe('the pre-checks', () => {
  it('approve at once a lead whose phone fails validation: one LeadCredit, leadsCredited +1, day sums and ledger right, even when two submissions race', async () => {
    const buyer = await agentWithOrder('AR', '72201');
    const leadId = await soldLead('AR', '72201', { primaryPhone: '5011234567' });
    const lead = (await Lead.get({ leadId }))!;
    const before = (await perfDay(lead))!;
    const both = await Promise.all([dispute(buyer.session, leadId, { VendorReason: 'badphone' }), dispute(buyer.session, leadId, { VendorReason: 'badphone' })]);
    for (const res of both) {
      expect(res.status, res.errors.join()).toBe(201);
      expect(res.body).toMatchObject({ DisputeStatus: 'Approved', CreditedAmount: 25 });
      expect(res.body.Decision).toContain('Invalid phone: the exchange starts with 0 or 1.');
    }
    expect(await credits(buyer.agentId)).toHaveLength(1);
    const { balance } = await expectLedgerSumsToBalance(buyer.agentId);
    expect(balance).toBe(10_000);
    expect((await perfDay(lead))!.leadsCredited).toBe(before.leadsCredited + 1);
    const stored = (await Dispute.get({ leadId, agentId: buyer.agentId }))!;
    expect(stored).toMatchObject({ status: 'Approved', decidedBy: 'auto', vendorReason: 'BADPHONE' });
    expect(stored.creditEntryId).toBe((await credits(buyer.agentId))[0]!.entryId);
    await api.settled();
    const days = await DaySummary.query.between(buyer.agentId, '2000-01-01', '2099-12-31').all({ consistent: true });
    expect(days.reduce((s, d) => s + (d.creditLeadCreditCents ?? 0), 0)).toBe(PRICE);
    expect(days.at(-1)!.closingBalanceCents).toBe(balance);
    expect((await accountSummary(buyer.agentId)).pendingDisputes).toBe(0);
  });

  it('approve a duplicate the engine should have caught, with the earlier lead as evidence', async () => {
    const buyer = await agentWithOrder('TN', '37203');
    const earlier = await agentWithOrder('KY', '40202');
    const earlierLead = await soldLead('KY', '40202');
    const leadId = await soldLead('TN', '37203');
    const lead = (await Lead.get({ leadId }))!;
    const first = (await Lead.get({ leadId: earlierLead }))!;
    // A racing post the dedupe read missed: the earlier lead has this lead's phone (its phone index entry follows).
    await Lead.patch({ leadId: earlierLead }, { set: { primaryPhone: lead.primaryPhone } }, { current: first });
    void earlier;
    const res = await dispute(buyer.session, leadId);
    expect(res.status, res.errors.join()).toBe(201);
    expect(res.body.DisputeStatus).toBe('Approved');
    expect(res.body.Decision).toContain(`Duplicate: the same phone number arrived with lead ${first.userFacingLeadId}`);
    // The vendor's own earlier lead: the vendor sees it named too (no separate text).
    expect((await Dispute.get({ leadId, agentId: buyer.agentId }))!.vendorDecisionReason).toBeUndefined();
    await expectLedgerSumsToBalance(buyer.agentId);
    expect((await getBalance(buyer.agentId))!.balanceCents).toBe(10_000);
  });

  it("name another vendor's earlier lead to the agent and staff, but not to the lead's vendor", async () => {
    const buyer = await agentWithOrder('SC', '29201');
    await agentWithOrder('GA', '30303');
    const earlierLead = await soldLead('GA', '30303');
    const leadId = await soldLead('SC', '29201');
    const lead = (await Lead.get({ leadId }))!;
    const first = (await Lead.get({ leadId: earlierLead }))!;
    // The earlier lead with this lead's phone came from another vendor (the campaign dedupes across vendors).
    await Lead.patch({ leadId: earlierLead }, { set: { primaryPhone: lead.primaryPhone, vendorId: 'another-vendor' } }, { current: first });
    const res = await dispute(buyer.session, leadId);
    expect(res.status, res.errors.join()).toBe(201);
    expect(res.body.DisputeStatus).toBe('Approved');
    expect(res.body.Decision).toContain(`Duplicate: the same phone number arrived with lead ${first.userFacingLeadId}`);
    const stored = (await Dispute.get({ leadId, agentId: buyer.agentId }))!;
    expect(stored.vendorDecisionReason).toContain('Duplicate: the same phone number arrived with an earlier lead from another source at');
    expect(stored.vendorDecisionReason).not.toContain(String(first.userFacingLeadId));
    // The vendor's Returns (partner portal) show the evidence without the other vendor's lead.
    await api.settled();
    const returns = await listPartnerReturns(lead.vendorId!, partnerReturnsQuery.parse({ from: reportDay(stored.at), to: reportDay(stored.at) }));
    const row = returns.Data.find((r) => r.LeadId === leadId)!;
    expect(row).toMatchObject({ Status: 'Approved', DecidedBy: 'Automatic check' });
    expect(row.Decision).toBe(stored.vendorDecisionReason);
  });

  it('approve a lead outside the order\u2019s schedule or geography at the time of sale, and leave an order saved since to staff with a note', async () => {
    const buyer = await agentWithOrder('LA', '70112');
    const outside = await soldLead('LA', '70112');
    const sale = (await LeadSale.query.ofLead(outside).all())[0]!;
    const order = (await Order.get({ orderId: sale.orderId }))!;
    // The schedule as the engine should have read it: closed all day on every day but an impossible slot.
    await Order.patch({ orderId: order.orderId }, { set: { slots: [{ slotId: 's', startSlot: 47, endSlot: 48, days: ['Sunday'] }] } });
    const snapshot = (await OrderHistory.query.ofOrder(order.orderId).all())[0]!;
    await OrderHistory.put({ ...snapshot, states: ['MS'] });
    const res = await dispute(buyer.session, outside);
    expect(res.status, res.errors.join()).toBe(201);
    expect(res.body.DisputeStatus).toBe('Approved');
    expect(res.body.Decision).toContain("Outside geography: the lead's state LA was not among the order's states (MS) at the time of sale.");
    const local = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(sale.at));
    if (!/^Sunday 23:[3-5]/.test(local)) expect(res.body.Decision).toContain('Outside schedule: the lead arrived');

    const later = await agentWithOrder('MS', '39201');
    const leadId = await soldLead('MS', '39201');
    await OrderHistory.put({ ...(await OrderHistory.query.ofOrder(later.orderId).all())[0]!, historyId: 'later', lastUpdated: new Date(Date.now() + 1000).toISOString() });
    const pending = await dispute(later.session, leadId);
    expect(pending.body.DisputeStatus).toBe('Submitted');
    expect((await Dispute.get({ leadId, agentId: later.agentId }))!.decisionReason).toContain('could not be determined: the order was saved again after the sale.');
  });
});

describe('the staff queue and decisions', () => {
  it('lists Submitted disputes to staff, oldest first, with names and price; managers and agents are refused', async () => {
    const buyer = await agentWithOrder('CO', '80202');
    const leadId = await soldLead('CO', '80202');
    await dispute(buyer.session, leadId);
    const queue = await api.call('leads.disputeQueue', { session: support, query: {} });
    expect(queue.status).toBe(200);
    const row = queue.body.Disputes.find((d) => d.LeadId === leadId);
    expect(row).toMatchObject({ AgentId: buyer.agentId, AgentName: 'Test Agent', CampaignName: `Disputes ${RUN}`, VendorName: `Vendor ${RUN}`, VendorReason: 'NOTINTERESTED', UserFacingReason: 'Not interested', AgentPurchasePrice: 25, DisputeStatus: 'Submitted' });
    // The lead's staff detail (All Leads' drawer) words the reason the same way.
    const detail = await api.call('leads.detail', { params: { leadId }, query: {}, session: admin });
    expect(detail.body.Disputes).toMatchObject([{ AgentId: buyer.agentId, VendorReason: 'NOTINTERESTED', UserFacingReason: 'Not interested' }]);
    const times = queue.body.Disputes.map((d) => d.DisputeDateTime);
    expect([...times].sort()).toEqual(times);
    expect(queue.body.Disputes.every((d) => d.DisputeStatus === 'Submitted')).toBe(true);
    expect((await api.call('leads.disputeQueue', { session: await api.sessionFor('manager'), query: {} })).status).toBe(403);
    expect((await api.call('leads.disputeQueue', { session: buyer.session, query: {} })).status).toBe(403);
    expect((await api.fetch('GET', '/disputes?status=Bogus', { session: support })).status).toBe(400);
    expect((await api.fetch('GET', '/disputes?cursor=abc', { session: support })).status).toBe(400);
  });

  it('two concurrent approvals credit exactly once; a later denial is refused and the ledger still sums to the balance', async () => {
    const buyer = await agentWithOrder('NM', '87102');
    const leadId = await soldLead('NM', '87102');
    await dispute(buyer.session, leadId);
    const lead = (await Lead.get({ leadId }))!;
    const before = (await perfDay(lead))!;
    const both = await Promise.all([decide(support, leadId, buyer.agentId, 'Approve'), decide(admin, leadId, buyer.agentId, 'Approve')]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.map((r) => r.body.DisputeStatus)).toEqual(['Approved', 'Approved']);
    expect(await credits(buyer.agentId)).toHaveLength(1);
    expect((await perfDay(lead))!.leadsCredited).toBe(before.leadsCredited + 1);
    const { balance } = await expectLedgerSumsToBalance(buyer.agentId);
    expect(balance).toBe(10_000);
    const deny = await decide(support, leadId, buyer.agentId, 'Deny');
    expect([deny.status, deny.errors]).toEqual([409, [DISPUTE_MESSAGES.alreadyDecided]]);
    const approved = await api.call('leads.disputeQueue', { session: support, query: { status: 'Approved' } });
    expect(approved.body.Disputes.find((d) => d.LeadId === leadId)).toMatchObject({ Decision: 'Checked the call recording.', DisputeStatus: 'Approved' });
  });

  it('a denial records the reason and credits nothing; a blank reason, an agent, a wrong agent id and an unknown lead are refused', async () => {
    const buyer = await agentWithOrder('UT', '84101');
    const leadId = await soldLead('UT', '84101');
    await dispute(buyer.session, leadId);
    const blank = await decide(support, leadId, buyer.agentId, 'Deny', '   ');
    expect([blank.status, blank.errors]).toEqual([400, [DISPUTE_MESSAGES.decisionReasonRequired]]);
    expect((await decide(buyer.session, leadId, buyer.agentId, 'Approve')).status).toBe(403);
    expect((await decide(support, leadId, 'NOBODY', 'Approve')).status).toBe(404);
    expect((await decide(support, 'no-such-lead', buyer.agentId, 'Approve')).status).toBe(404);
    const denied = await decide(support, leadId, buyer.agentId, 'Deny', 'The consumer asked for the quote.');
    expect(denied.status).toBe(200);
    expect(denied.body).toMatchObject({ DisputeStatus: 'Denied', Decision: 'The consumer asked for the quote.', DecidedBy: expect.stringContaining('@'), UserFacingReason: 'Not interested' });
    expect(await credits(buyer.agentId)).toEqual([]);
    expect((await getBalance(buyer.agentId))!.balanceCents).toBe(10_000 - PRICE);
    expect((await accountSummary(buyer.agentId)).pendingDisputes).toBe(0);
  });
});
