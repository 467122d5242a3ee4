// The lead API's limit per vendor (issue 21 item 4) through the real gateway: staff who may edit
// vendors set a vendor's posts per minute on the vendor form (bounded, with the form's message; no one
// else may); past it in a UTC minute the vendor's leads and pings alike answer 429 with the limit's
// message and a Retry-After of the seconds to the next minute, while another vendor posts on; a vendor
// without a limit of its own has the default, counted from the projector's intake-rate view too.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { POSTS_PER_MINUTE, VENDOR_MESSAGES, type VendorFormInput } from '#shared/vendors.ts';
import { useApiHarness } from '../support/api-harness.ts';

const api = useApiHarness();
const { INTAKE_MESSAGES } = await import('#core/leads/vendor-intake.ts');
const { IntakeRate, rateMinute } = await import('#entities/intake-rate.ts');
const { Campaign } = await import('#entities/campaign.ts');
const { Vendor } = await import('#entities/vendor.ts');

const RUN = Date.now().toString(36).toUpperCase();
let made = 0;
let phone = 5125550100;

afterEach(() => {
  vi.useRealTimers();
});

/** This file's clock, one second into a UTC minute, so the posts of a test share one minute. */
function atStartOfMinute(): Date {
  const now = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 1_000);
  vi.useFakeTimers({ toFake: ['Date'], now, shouldAdvanceTime: true });
  return now;
}

const form = (overrides: Partial<VendorFormInput> = {}): VendorFormInput => ({
  Name: `Rate Vendor ${RUN}-${++made}`,
  Code: `RATE${RUN}${made}`,
  VendorContact: { AddressLine1: '1 Main St', City: 'Austin', State: 'TX', Zip: '78701' },
  ...overrides,
});

/** A vendor made on the vendor form by an admin, on the seeded HWL campaign, with a token of its own. */
async function vendorOnHwl(overrides: Partial<VendorFormInput> = {}): Promise<{ vendorId: string; token: string }> {
  const session = await api.sessionFor('admin');
  const created = await api.call('vendors.create', { session, body: form(overrides) });
  expect(created.status, created.errors.join()).toBe(200);
  const vendorId = created.body.VendorId;
  const campaign = await Campaign.query.byCode('HWL').first();
  const pair = await api.call('campaigns.createCampaignVendor', { session, body: { CampaignId: campaign!.campaignId, VendorId: vendorId, VendorPrice: 5, CheckEbureau: false } });
  expect(pair.status, pair.errors.join()).toBeLessThan(300);
  const token = await api.call('vendors.rotateToken', { session, params: { vendorId } });
  return { vendorId, token: token.body.Token };
}

const postLead = (token: string) =>
  api.fetch<{ Result: string }>('POST', '/intake/leads', {
    origin: false,
    headers: { authorization: `Bearer ${token}` },
    body: {
      CampaignCode: 'HWL',
      VendorLeadId: `rate-${RUN}-${++phone}`,
      FirstName: 'Pat',
      LastName: 'Rate',
      PrimaryPhone: String(phone),
      Email: `pat${phone}@example.com`,
      Address1: '1 Main St',
      City: 'Austin',
      StateCode: 'TX',
      ZipCode: '78701',
      BirthDate: '1970-05-01',
      Consent: { Text: 'I agree to be contacted.', Timestamp: new Date().toISOString(), Ip: '203.0.113.5', PageUrl: 'https://example.com/quote' },
    },
  });

const ping = (token: string) =>
  api.fetch('POST', '/intake/ping', { origin: false, headers: { authorization: `Bearer ${token}` }, body: { CampaignCode: 'HWL', CallerId: String(++phone), StateCode: 'TX', ZipCode: '78701' } });

/** The seconds to the next UTC minute at a moment. */
const toNextMinute = (at: Date) => 60 - at.getUTCSeconds();

describe("the lead API's limit per vendor", () => {
  it('refuses the post past the limit staff set, lead or ping, with 429, the message and Retry-After, and leaves another vendor alone', async () => {
    const limited = await vendorOnHwl({ PostsPerMinute: 3 });
    const other = await vendorOnHwl();
    atStartOfMinute();
    expect((await postLead(limited.token)).status).toBe(201);
    expect((await ping(limited.token)).status).toBe(200);
    expect((await postLead(limited.token)).status).toBe(201);

    const before = new Date();
    const refused = await postLead(limited.token);
    const after = new Date();
    expect(refused.status).toBe(429);
    expect(refused.errors).toEqual([INTAKE_MESSAGES.tooMany(3)]);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(toNextMinute(after));
    expect(retryAfter).toBeLessThanOrEqual(toNextMinute(before));
    const pingRefused = await ping(limited.token);
    expect(pingRefused.status).toBe(429);
    expect(pingRefused.headers.get('retry-after')).toMatch(/^\d+$/);

    expect((await postLead(other.token)).status).toBe(201);
    expect((await ping(other.token)).status).toBe(200);
  });

  it('counts sandbox posts apart: testing against the sandbox never takes from the real posts, nor they from it', async () => {
    const vendor = await vendorOnHwl({ PostsPerMinute: 3 });
    const sandbox = (await api.call('vendors.rotateSandboxToken', { session: await api.sessionFor('admin'), params: { vendorId: vendor.vendorId } })).body.Token;
    atStartOfMinute();
    expect([(await postLead(sandbox)).status, (await ping(sandbox)).status, (await postLead(sandbox)).status]).toEqual([201, 200, 201]);
    const sandboxRefused = await postLead(sandbox);
    expect([sandboxRefused.status, ...sandboxRefused.errors]).toEqual([429, INTAKE_MESSAGES.tooMany(3)]);
    // The real token's minute is whole.
    expect([(await postLead(vendor.token)).status, (await ping(vendor.token)).status, (await postLead(vendor.token)).status]).toEqual([201, 200, 201]);
    expect((await postLead(vendor.token)).status).toBe(429);
    expect((await ping(sandbox)).status).toBe(429);
  });

  it("gives a vendor without a limit of its own the default, and refuses it once the minute's count reaches it", async () => {
    const vendor = await vendorOnHwl();
    expect((await Vendor.get({ vendorId: vendor.vendorId }))?.postsPerMinute).toBeUndefined();
    const shown = await api.call('vendors.get', { session: await api.sessionFor('admin'), params: { vendorId: vendor.vendorId } });
    expect(shown.body.PostsPerMinute).toBe(POSTS_PER_MINUTE.default);
    const now = atStartOfMinute();
    // What the projector's intake-rate view counted of the vendor's posts this minute, on two shards.
    await IntakeRate.put({ vendorId: vendor.vendorId, shard: 1, minute: rateMinute(now), count: POSTS_PER_MINUTE.default - 1, ttl: 2_000_000_000 });
    expect((await postLead(vendor.token)).status).toBe(201);
    await IntakeRate.put({ vendorId: vendor.vendorId, shard: 3, minute: rateMinute(now), count: 1, ttl: 2_000_000_000 });
    const refused = await ping(vendor.token);
    expect(refused.status).toBe(429);
    expect(refused.errors).toEqual([INTAKE_MESSAGES.tooMany(POSTS_PER_MINUTE.default)]);
  });
});

describe('who sets the limit, and to what', () => {
  it('lets an admin change it on the vendor form and keeps it when an edit leaves it out; support, a manager and an agent get 403', async () => {
    const { vendorId } = await vendorOnHwl({ PostsPerMinute: 1200 });
    const read = async () => (await api.call('vendors.get', { session: await api.sessionFor('admin'), params: { vendorId } })).body;
    const edit = async (PostsPerMinute: number | undefined) => {
      const current = await read();
      return { ...form({ Name: current.Name, Code: current.Code }), ...(PostsPerMinute === undefined ? {} : { PostsPerMinute }), VendorId: vendorId, Revision: current.Revision };
    };
    for (const role of ['support', 'manager', 'captive agent'] as const) {
      const refused = await api.call('vendors.update', { session: await api.sessionFor(role), body: await edit(5) });
      expect(refused.status, role).toBe(403);
    }
    expect((await read()).PostsPerMinute).toBe(1200);

    const saved = await api.call('vendors.update', { session: await api.sessionFor('admin'), body: await edit(POSTS_PER_MINUTE.max) });
    expect(saved.status, saved.errors.join()).toBe(200);
    expect(saved.body.PostsPerMinute).toBe(POSTS_PER_MINUTE.max);
    expect((await api.call('vendors.update', { session: await api.sessionFor('admin'), body: await edit(undefined) })).status).toBe(200);
    expect((await Vendor.get({ vendorId }))?.postsPerMinute).toBe(POSTS_PER_MINUTE.max);
  });

  it("refuses a limit outside 1 to 30,000, or not a whole number, with the form's message and changes nothing", async () => {
    const session = await api.sessionFor('admin');
    const { vendorId } = await vendorOnHwl({ PostsPerMinute: 50 });
    const current = (await api.call('vendors.get', { session, params: { vendorId } })).body;
    for (const wrong of [0, -1, POSTS_PER_MINUTE.max + 1, 2.5, '100', null]) {
      const body = { ...form({ Name: current.Name, Code: current.Code }), PostsPerMinute: wrong, VendorId: vendorId, Revision: current.Revision };
      const update = await api.fetch('PATCH', '/vendor', { session, body });
      expect(update.status, String(wrong)).toBe(400);
      expect(update.errors).toEqual([VENDOR_MESSAGES.postsPerMinute]);
      const create = await api.fetch('POST', '/vendor', { session, body: { ...form(), PostsPerMinute: wrong } });
      expect([create.status, ...create.errors], String(wrong)).toEqual([400, VENDOR_MESSAGES.postsPerMinute]);
    }
    const stored = await Vendor.get({ vendorId });
    expect([stored?.postsPerMinute, stored?.revision]).toEqual([50, current.Revision]);
  });
});
