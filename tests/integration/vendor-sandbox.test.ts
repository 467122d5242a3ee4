// The vendor sandbox (issue 24) through the real gateway against DynamoDB Local: staff generate a
// vendor's sandbox token (POST /api/vendor/{vendorId}/sandboxToken); leads and pings posted with it to
// the real intake routes are decided as real ones and answered with what would have happened, while
// every balance, ledger, order, lead list, report and ping history stays as it was; sandbox leads are
// deduplicated against sandbox leads only; neither token passes for the other, and a rotated sandbox
// token stops working.
import { beforeAll, describe, expect, it } from 'vitest';
import { useApiHarness, type Session } from '../support/api-harness.ts';
import { useLeadFixture } from '../support/lead-fixture.ts';

const api = useApiHarness({ projector: true });
const fx = useLeadFixture(api, { codeLetter: 'X', idPrefix: 'SB', otherVendor: true });
const { ids, code, prices, agentWithOrder, post, nextPhone } = fx;

const { getBalance } = await import('#core/money/ledger.ts');
const { companyDay } = await import('#shared/time-zones.ts');
const { Lead } = await import('#entities/lead.ts');
const { LeadSale } = await import('#entities/lead-sale.ts');
const { LedgerEntry } = await import('#entities/ledger-entry.ts');
const { Order } = await import('#entities/order.ts');
const { Ping } = await import('#entities/ping.ts');
const { SandboxLead } = await import('#entities/vendor-sandbox.ts');

let admin: Session;
let sandboxToken = '';

/** A new sandbox token for the vendor, as staff generate it on the vendor form. */
async function rotateSandbox(vendorId = ids.vendor): Promise<string> {
  const answer = await api.call('vendors.rotateSandboxToken', { params: { vendorId }, session: admin });
  expect(answer.status, answer.errors.join()).toBe(200);
  expect(answer.body.Token).toMatch(/^lps_[A-Za-z0-9_-]{43}$/);
  expect(answer.body.TokenLastFour).toBe(answer.body.Token.slice(-4));
  return answer.body.Token;
}

beforeAll(async () => {
  admin = await api.sessionFor('admin');
  sandboxToken = await rotateSandbox();
}, 60_000);

/** Everything a sale would change for the agent and the order, and what staff and the agent would see. */
async function observed(agentId: string, orderId: string) {
  const today = companyDay(new Date());
  const range = { startDate: today, endDate: today };
  const [balance, ledger, order, agentLeads, allLeads, performance] = await Promise.all([
    getBalance(agentId),
    LedgerEntry.query.ofAgent(agentId).all(),
    Order.get({ orderId }, { consistent: true }),
    api.call('leads.listForAgent', { params: { agentId, ...range }, session: admin }),
    api.call('leads.table', { params: range, session: admin }),
    api.call('reports.campaignPerformance', { params: range, session: admin }),
  ]);
  expect([agentLeads.status, allLeads.status, performance.status]).toEqual([200, 200, 200]);
  return { balance, ledger, order, agentLeads: agentLeads.body, allLeads: allLeads.body, performance: performance.body };
}

describe('POST /api/intake/leads with the sandbox token', () => {
  it('answers that a lead that would sell would have sold, at the vendor price, and leaves every balance, ledger, order, lead list and report as it was', async () => {
    const { agentId, orderId } = await agentWithOrder({ state: 'WI', zip: '53202', balanceCents: 10_000 });
    await api.settled();
    const before = await observed(agentId, orderId);

    const answer = await post({ StateCode: 'WI', ZipCode: '53202' }, sandboxToken);

    expect(answer.status, answer.errors.join()).toBe(201);
    expect(answer.body).toEqual({ LeadId: expect.any(String), Sandbox: true, Result: 'sold', VendorPrice: prices.vendorCents / 100, Sales: 1 });
    await api.settled();
    expect(await observed(agentId, orderId)).toEqual(before);
    expect(await Lead.get({ leadId: answer.body.LeadId })).toBeUndefined();
    expect(await LeadSale.query.ofLead(answer.body.LeadId).all()).toEqual([]);
    expect((await getBalance(agentId))!.balanceCents).toBe(10_000);

    // The same lead with the real token does sell, as the sandbox said.
    const real = await post({ StateCode: 'WI', ZipCode: '53202' });
    expect(real.body).toMatchObject({ Result: 'sold', UserFacingLeadId: expect.any(Number) });
    expect(real.body).not.toHaveProperty('Sandbox');
    expect((await getBalance(agentId))!.balanceCents).toBe(10_000 - prices.captiveCents);
  });

  it('answers unsold with the reason when no order takes the lead, and a 400 with the criteria messages as a real post does', async () => {
    const unsold = await post({ StateCode: 'NV', ZipCode: '89101' }, sandboxToken);
    expect(unsold.body).toEqual({ LeadId: expect.any(String), Sandbox: true, Result: 'unsold', Reasons: ['No active order takes this lead now.'] });
    const refused = await post({ StateCode: 'WI', ZipCode: '60601' }, sandboxToken);
    const real = await post({ StateCode: 'WI', ZipCode: '60601' });
    expect(refused.status).toBe(400);
    expect(refused.errors).toEqual(real.errors);
  });

  it('rejects a lead whose phone is on an active do-not-call list with the reason a real post gets, and stores nothing', async () => {
    const { DncList, DncNumber } = await import('#entities/do-not-call.ts');
    const phone = nextPhone();
    const listId = `sb-dnc-${fx.run}`;
    const now = new Date().toISOString();
    await DncList.put({ listId, name: `Sandbox DNC ${fx.run}`, active: true, activeVersion: 1, count: 1, createdAt: now, updatedAt: now });
    await DncNumber.put({ phone, listId, listVersion: 1, uploadId: 'test' });
    await api.settled();
    const sandbox = await post({ PrimaryPhone: phone, StateCode: 'NV', ZipCode: '89101' }, sandboxToken);
    const real = await post({ PrimaryPhone: phone, StateCode: 'NV', ZipCode: '89101' });
    expect(real.body.Result).toBe('rejected');
    expect(sandbox.body).toEqual({ LeadId: expect.any(String), Sandbox: true, Result: 'rejected', Reasons: real.body.Reasons });
    expect(await Lead.get({ leadId: sandbox.body.LeadId })).toBeUndefined();
  });

  it('answers a retry with the same VendorLeadId as the first, remembered under its own key', async () => {
    const body = { VendorLeadId: `SB-${fx.run}-replay`, StateCode: 'NV', ZipCode: '89101' };
    const first = await post(body, sandboxToken);
    const again = await post(body, sandboxToken);
    expect(again.body).toEqual(first.body);
    expect(await SandboxLead.get({ leadId: first.body.LeadId })).toMatchObject({ vendorId: ids.vendor, result: 'unsold', ttl: expect.any(Number) });
  });

  it('dedupes a sandbox lead against earlier sandbox leads of the phone only, never against real leads, and a sandbox lead never makes a real one a duplicate', async () => {
    const realFirst = nextPhone();
    expect((await post({ PrimaryPhone: realFirst, StateCode: 'NV', ZipCode: '89101' })).body.Result).toBe('unsold');
    const afterReal = await post({ PrimaryPhone: realFirst, StateCode: 'NV', ZipCode: '89101' }, sandboxToken);
    expect(afterReal.body.Result).toBe('unsold');

    const sandboxFirst = nextPhone();
    expect((await post({ PrimaryPhone: sandboxFirst, StateCode: 'NV', ZipCode: '89101' }, sandboxToken)).body.Result).toBe('unsold');
    const second = await post({ PrimaryPhone: sandboxFirst, StateCode: 'NV', ZipCode: '89101' }, sandboxToken);
    expect(second.body).toEqual({ LeadId: expect.any(String), Sandbox: true, Result: 'duplicate', Reasons: ['The same phone or e-mail arrived within 30 days.'] });
    expect((await post({ PrimaryPhone: sandboxFirst, StateCode: 'NV', ZipCode: '89101' })).body.Result).toBe('unsold');
  });
});

describe("the README's sandbox curl line", () => {
  it("is answered for the seeded demo vendor with what would have happened, and stores no lead", async () => {
    const { DEMO_SANDBOX_TOKEN } = await import('#core/seed/vendors.ts');
    const answer = await post({ CampaignCode: 'HWL', StateCode: 'IL', ZipCode: '60601', Email: 'pat@example.com', Address1: '1 Main St', City: 'Chicago' }, DEMO_SANDBOX_TOKEN);
    expect(answer.status, answer.errors.join()).toBe(201);
    expect(answer.body).toMatchObject({ Sandbox: true, Result: expect.stringMatching(/^(sold|unsold)$/) });
    expect(await Lead.get({ leadId: answer.body.LeadId })).toBeUndefined();
  });
});

describe('the sandbox token and the real token', () => {
  it('keeps each kind apart: the real token posts real leads, the sandbox token never does, and the other vendor\u2019s sandbox token is its own', async () => {
    const real = await post({ StateCode: 'NV', ZipCode: '89101' });
    expect(real.status).toBe(201);
    expect(await Lead.get({ leadId: real.body.LeadId })).toBeDefined();
    const sandbox = await post({ StateCode: 'NV', ZipCode: '89101' }, sandboxToken);
    expect(sandbox.body).toMatchObject({ Sandbox: true });
    expect(await Lead.get({ leadId: sandbox.body.LeadId })).toBeUndefined();

    // The other vendor is not on the campaign: with its sandbox token the post is refused as its real one is.
    const otherSandbox = await rotateSandbox(ids.other);
    const [bySandbox, byReal] = await Promise.all([post({}, otherSandbox), post({}, fx.otherToken)]);
    expect([bySandbox.status, byReal.status]).toEqual([403, 403]);
    expect(bySandbox.errors).toEqual(byReal.errors);
  });

  it('refuses a rotated sandbox token with 401 and leaves the real token working; rotating the real token leaves the sandbox token working', async () => {
    const old = sandboxToken;
    sandboxToken = await rotateSandbox();
    const refused = await post({ StateCode: 'NV', ZipCode: '89101' }, old);
    expect(refused.status).toBe(401);
    expect(refused.errors).toEqual(['The vendor token is missing, unknown or rotated.']);
    expect((await post({ StateCode: 'NV', ZipCode: '89101' }, sandboxToken)).status).toBe(201);
    expect((await post({ StateCode: 'NV', ZipCode: '89101' })).status).toBe(201);

    const realRotated = await api.call('vendors.rotateToken', { params: { vendorId: ids.vendor }, session: admin });
    expect(realRotated.status).toBe(200);
    expect((await post({ StateCode: 'NV', ZipCode: '89101' })).status).toBe(401);
    expect((await post({ StateCode: 'NV', ZipCode: '89101' }, realRotated.body.Token)).body).not.toHaveProperty('Sandbox');
    expect((await post({ StateCode: 'NV', ZipCode: '89101' }, sandboxToken)).body).toMatchObject({ Sandbox: true });

    const vendor = await api.call('vendors.get', { params: { vendorId: ids.vendor }, session: admin });
    expect(vendor.body.SandboxTokenLastFour).toBe(sandboxToken.slice(-4));
    expect(vendor.body.TokenLastFour).toBe(realRotated.body.Token.slice(-4));
  });

  it('refuses a sandbox-shaped token that was never issued, and a real token sent with the sandbox prefix', async () => {
    const never = await post({}, `lps_${'A'.repeat(43)}`);
    expect(never.status).toBe(401);
    const disguised = await post({}, `lps_${fx.token.slice(4)}`);
    expect(disguised.status).toBe(401);
  });

  it('lets only staff who edit vendors generate a sandbox token', async () => {
    const support = await api.call('vendors.rotateSandboxToken', { params: { vendorId: ids.vendor }, session: await api.sessionFor('support') });
    expect(support.status).toBe(403);
  });
});

describe('POST /api/intake/ping with the sandbox token', () => {
  it('answers the ping with Sandbox true and records nothing in Ping History', async () => {
    const from = new Date(Date.now() - 60_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const pingsBefore = await Ping.query.ofCampaignVendor(code, fx.vendorCodes.vendor, from, to).all();
    const answer = await api.fetch<Record<string, unknown>>('POST', '/intake/ping', {
      origin: false,
      headers: { authorization: `Bearer ${sandboxToken}` },
      body: { CampaignCode: code, CallerId: '(312) 555-0100', StateCode: 'IL', ZipCode: '60601' },
    });
    expect(answer.status, answer.errors.join()).toBe(200);
    expect(answer.body).toMatchObject({ Result: 'noBid', BidAmount: null, Sandbox: true });
    expect(await Ping.query.ofCampaignVendor(code, fx.vendorCodes.vendor, from, to).all()).toEqual(pingsBefore);
  });
});
