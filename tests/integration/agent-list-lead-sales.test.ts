// The Agents page's last lead and balance orders after lead sales through the real lead engine
// (issue 9): a sale stamps the agent's LastLeadDateTime and debits the balance in its one
// transaction, which also moves the agent's bucket counts of both orders (docs/data-model.md #24b,
// #24c); after single and concurrent sales the counts equal a recount of the directory and every
// page of both orders is the slice of the full read. The catalogue and orders are made as in
// lead-intake.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FundOrderBody } from '#shared/orders/payload.ts';
import type { DirectoryQuery } from '#core/agent-directory.ts';
import { useApiHarness, type Session } from '../support/api-harness.ts';
import { agentProfileFixture } from '../support/agent-fixture.ts';

const api = useApiHarness();

const { Campaign } = await import('#entities/campaign.ts');
const { CampaignValidation } = await import('#entities/campaign-validation.ts');
const { CampaignVendor } = await import('#entities/campaign-vendor.ts');
const { CampaignVendorFund } = await import('#entities/campaign-vendor-fund.ts');
const { Fund } = await import('#entities/fund.ts');
const { Vendor } = await import('#entities/vendor.ts');
const { VendorToken } = await import('#entities/vendor-token.ts');
const { RoutingRule } = await import('#entities/routing-rule.ts');
const { AgentProfile } = await import('#entities/agent-profile.ts');
const { Balance } = await import('#entities/balance.ts');
const { DirectoryBucket } = await import('#entities/directory-bucket.ts');
const { registerAgent, directoryBucketCounts, BUCKETED_ORDERS, MONEY_ORDERS } = await import('#core/agent-registry.ts');
const { rebuildDirectoryCounts } = await import('#core/directory-counts.ts');
const { listAgentsFromFullRead, listAgentsFromSortedIndex, readWholeDirectory } = await import('#core/agent-directory.ts');
const { postEntry } = await import('#core/ledger.ts');
const { hashVendorToken, newVendorToken, lastFourOf } = await import('#core/vendor-token.ts');
const { clearLeadEngineCache } = await import('#core/leads/engine.ts');
const { DAYS } = await import('#shared/orders/order.ts');

const RUN = Date.now().toString(36);
let admin: Session;
let token = '';
let otherToken = '';
let n = 0;
const ids = { campaign: `C-${RUN}`, vendor: `V-${RUN}`, other: `V2-${RUN}`, fund: `F-${RUN}`, cv: `CV-${RUN}` };
const code = `T${RUN}`.toUpperCase();
const at = '2026-01-01T00:00:00.000Z';
let phone = 3125550000;

async function catalogue() {
  const campaign = {
    campaignId: ids.campaign, name: `Test ${RUN}`, code, description: 'test', category: 1, lob: 2, leadType: 'Health', crmLob: 'Health', businessOwner: 'x', destination: 'x',
    status: 1 as const, startDate: '2020-01-01T00:00:00.000Z', endDate: '2099-01-01T00:00:00.000Z', allowDisputes: true, isLiveTransfer: false,
    dedupeScope: 'Campaign' as const, dedupeDays: 30, callCenterCheck: 0, callTimeCheck: 30, maxRetries: 0, retryIntervalMinutes: 0, channel: 'Both' as const,
    checkEbureau: false, minScore: 0, modifiedBy: 'test', lastUpdated: at, revision: 1,
  };
  await Campaign.put(campaign);
  await CampaignValidation.put({ campaignId: ids.campaign, campaignValidationId: 'v', addressLine1Required: false, cityRequired: false, stateRequired: true, zipRequired: true, countryRequired: false, inEmailRequired: false, bzEmailRequired: false, inGenderRequired: false, inDobRequired: false, minAge: 18, maxAge: 0 });
  token = newVendorToken();
  otherToken = newVendorToken();
  for (const [vendorId, t] of [[ids.vendor, token], [ids.other, otherToken]] as const) {
    await Vendor.put({ vendorId, name: vendorId, code: vendorId, description: '', status: 1, createdAt: at, createdBy: 'test', lastUpdated: at, archived: false, allowCreditLineUse: true, allowDisputes: true, allowVariablePricing: false, isPartner: false, revision: 1, modifiedBy: 'test', tokenHash: hashVendorToken(t), tokenLastFour: lastFourOf(t) });
    await VendorToken.put({ tokenHash: hashVendorToken(t), vendorId, createdAt: at, createdBy: 'test' });
  }
  await CampaignVendor.put({ campaignVendorId: ids.cv, campaignId: ids.campaign, vendorId: ids.vendor, vendorPriceCents: 500, maxPriceCents: 0, captivePriceCents: 2500, brokerPriceCents: 3000, checkEbureau: false, minScore: 0, modifiedBy: 'test', lastUpdated: at, revision: 1 });
  await Fund.put({ fundId: ids.fund, name: `Fund ${RUN}`, description: '', code: `F${RUN}`, lineOfBusiness: 2, category: 1, channel: 6, captivePriceCents: 2500, brokerPriceCents: 3000, isActive: true, isLiveTransfer: false, startDate: '2020-01-01T00:00:00.000Z', endDate: '2099-01-01T00:00:00.000Z', specifiedAgentIds: [], createdAt: at, revision: 1, modifiedBy: 'test', lastUpdated: at });
  await CampaignVendorFund.put({ campaignVendorFundId: `CVF-${RUN}`, campaignVendorId: ids.cv, fundId: ids.fund, priority: 1, isActive: true, modifiedAt: at, modifiedBy: 'test' });
  // Every lead of these tests goes to the post target unless a test says otherwise.
  await RoutingRule.patch({ ruleId: 'default' }, { set: { callCenterPercent: 0, ppPercent: 100 } });
}

/** A new agent in `state` with a balance, and a fund order of theirs in that state. */
async function agentWithOrder(opts: { state: string; zip: string; balanceCents: number; creditLineCents?: number; caps?: Partial<Record<'MaxPerHour' | 'MaxPerDay' | 'MaxPerWeek' | 'MaxPerMonth', number>>; timeZone?: string; slots?: FundOrderBody['OrderTimeSlots']; priority?: number; keepCache?: boolean }) {
  const agentId = `A${RUN.slice(-3)}${String(++n).padStart(3, '0')}`;
  await registerAgent(agentProfileFixture(agentId, { state: opts.state, zip: opts.zip, timeZone: opts.timeZone ?? 'Central', priority: opts.priority ?? 5 }), { creditLineCents: opts.creditLineCents ?? 0 });
  if (opts.balanceCents > 0) await postEntry({ agentId, deltaCents: opts.balanceCents, type: 'AgentContribution', description: 'test money', idempotencyKey: `test:${agentId}` });
  const body: FundOrderBody = {
    OrderId: `O-${RUN}-${n}`,
    Description: 'test order',
    SelectedFunds: [ids.fund],
    StatesOnly: true,
    States: [{ StateAbbreviation: opts.state }],
    ZipCodes: [],
    MaxPerHour: opts.caps?.MaxPerHour ?? 0,
    MaxPerDay: opts.caps?.MaxPerDay ?? 0,
    MaxPerWeek: opts.caps?.MaxPerWeek ?? 0,
    MaxPerMonth: opts.caps?.MaxPerMonth ?? 1000,
    OrderRecipients: [{ AgentId: agentId, Percentage: 100 }],
    OrderTimeSlots: opts.slots ?? [{ StartSlot: 0, EndSlot: 48, Days: [...DAYS] }],
  };
  const saved = await api.call('orders.createFundOrder', { params: { agentId }, body, session: admin });
  expect(saved.status, saved.errors.join()).toBeLessThan(300);
  if (!opts.keepCache) clearLeadEngineCache();
  return { agentId, orderId: body.OrderId };
}

const post = (over: Record<string, unknown> = {}, bearer: string = token) =>
  api.fetch<{ LeadId: string; UserFacingLeadId: number; Result: string; Reasons?: string[] }>('POST', '/intake/leads', {
    origin: false,
    headers: { authorization: `Bearer ${bearer}` },
    body: {
      CampaignCode: code,
      VendorLeadId: `VL-${RUN}-${++n}`,
      FirstName: 'Pat',
      LastName: 'Lead',
      PrimaryPhone: String(++phone),
      StateCode: 'IL',
      ZipCode: '60601',
      BirthDate: '1970-05-01',
      Consent: { Text: 'I agree to be contacted.', Timestamp: '2026-01-01T10:00:00Z', Ip: '203.0.113.5', PageUrl: 'https://example.com/quote' },
      ...over,
    },
  });

/** The bucket counts of every order equal a recount of the directory as it is now. */
async function expectCountsExact(): Promise<void> {
  const [profiles, balances] = await Promise.all([readWholeDirectory(), Balance.query.directoryByBalance().all()]);
  const expected = new Map(directoryBucketCounts(profiles, balances).map((b) => [`${b.order} ${b.bucket}`, b.count]));
  const orders = [...Object.keys(BUCKETED_ORDERS), ...Object.keys(MONEY_ORDERS)];
  const stored = (await Promise.all(orders.map((o) => DirectoryBucket.query.ofOrder(o).all()))).flat().filter((b) => b.count !== 0);
  expect(new Map(stored.map((b) => [`${b.order} ${b.bucket}`, b.count]))).toEqual(expected);
}

/** Every page of the last lead and balance orders, both ways, is the full read's slice. */
async function expectPagesExact(): Promise<void> {
  for (const column of ['LastLeadDateTime', 'CurrentBalance'] as const)
    for (const descending of [false, true]) {
      const q = (page: number, pageSize: number): DirectoryQuery => ({ filters: {}, sort: { column, descending }, page, pageSize });
      const whole = await listAgentsFromFullRead({ kind: 'all' }, q(1, 100_000));
      const pages = await Promise.all(Array.from({ length: Math.ceil(whole.totalCount / 3) + 1 }, (_, i) => listAgentsFromSortedIndex(q(i + 1, 3))));
      pages.forEach((page, i) => expect(page, `${column} page ${i + 1}`).toEqual({ entries: whole.entries.slice(i * 3, (i + 1) * 3), totalCount: whole.totalCount }));
    }
}

beforeAll(async () => {
  admin = await api.sessionFor('admin');
  await catalogue();
  await rebuildDirectoryCounts();
}, 120_000);

describe('lead sales and the Agents page orders', () => {
  it('a sale moves the agent in the last lead and balance orders, and their counts stay exact', async () => {
    const { agentId } = await agentWithOrder({ state: 'WI', zip: '53202', balanceCents: 10_000 });
    const sold = await post({ StateCode: 'WI', ZipCode: '53202' });
    expect(sold.body.Result).toBe('sold');
    expect((await AgentProfile.get({ agentId }))?.lastLeadAt).toBeDefined();
    await expectCountsExact();
    await expectPagesExact();
  }, 60_000);

  it('concurrent sales to several agents leave both orders exact', async () => {
    for (const [state, zip] of [['MN', '55401'], ['IA', '50309']] as const) await agentWithOrder({ state, zip, balanceCents: 20_000, keepCache: true });
    clearLeadEngineCache();
    const posts = await Promise.all([0, 1, 2, 3].map((i) => post(i % 2 ? { StateCode: 'MN', ZipCode: '55401' } : { StateCode: 'IA', ZipCode: '50309' })));
    expect(posts.map((p) => p.body.Result)).toEqual(['sold', 'sold', 'sold', 'sold']);
    await expectCountsExact();
    await expectPagesExact();
  }, 60_000);
});
