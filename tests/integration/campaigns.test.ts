// Campaigns and their vendors and fund links through the real gateway and DynamoDB Local: create,
// edit, the stale-edit 409, the duplicate code, permissions, and the makeup history rows.
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_DEFAULTS, CAMPAIGN_VALIDATION_DEFAULTS } from '#shared/campaign.ts';
import { STALE_EDIT_MESSAGE } from '#shared/api/revision.ts';
import { useApiHarness } from '../support/api-harness.ts';

const api = useApiHarness();
const { FundMakeupHistory } = await import('#entities/fund-makeup-history.ts');
const { stableId } = await import('#core/seed/ids.ts');

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const start = day(2);
const end = day(200);

function campaign(code: string) {
  return {
    Name: `Campaign ${code}`,
    Code: code,
    Description: 'Integration test campaign',
    LeadType: 'Health',
    CrmLob: 'Health',
    BusinessOwner: 'Health Sales',
    Destination: 'CRM',
    StartDate: start,
    EndDate: end,
    ...CAMPAIGN_DEFAULTS,
    CampaignValidation: CAMPAIGN_VALIDATION_DEFAULTS,
    CallerLeadsBidCampaigns: [
      { State: 'TX', Bid: 30, Zip: null },
      { State: 'TX', Bid: 45.5, Zip: '78701' },
    ],
  };
}

describe('campaigns', () => {
  it('creates a campaign that is Active at once and reads it back with its bids', async () => {
    const admin = await api.sessionFor('admin');
    const created = await api.call('campaigns.create', { session: admin, params: { startDate: start, endDate: end }, body: campaign('IT-NEW') });
    expect(created.status).toBe(200);
    const read = await api.call('campaigns.get', { session: admin, params: { campaignId: created.body.CampaignId } });
    expect(read.body.Status).toBe('Active');
    expect(read.body.Revision).toBe(1);
    expect(read.body.ModifiedBy).toBe('admin@leadportal.example.com');
    expect(read.body.CallerLeadsBidCampaigns).toEqual([
      { State: 'TX', Bid: 30, Zip: null },
      { State: 'TX', Bid: 45.5, Zip: '78701' },
    ]);
  });

  it('refuses a duplicate code whatever its case', async () => {
    const admin = await api.sessionFor('admin');
    const answer = await api.call('campaigns.create', { session: admin, params: { startDate: start, endDate: end }, body: campaign('hwl') });
    expect(answer.status).toBe(400);
    expect(answer.errors).toEqual(['Duplicate campaign code.']);
  });

  it('answers the spec messages for missing fields and a bid zip outside its state', async () => {
    const admin = await api.sessionFor('admin');
    const empty = await api.fetch('POST', `/campaign/start/${start}/end/${end}`, { session: admin, body: { ...campaign('X'), Name: '', Code: '', EndDate: '' } });
    expect(empty.status).toBe(400);
    expect(empty.errors).toEqual(expect.arrayContaining(['Campaign name is required', 'Code is required', 'End date is required']));
    const zip = await api.call('campaigns.create', {
      session: admin,
      params: { startDate: start, endDate: end },
      body: { ...campaign('IT-ZIP'), CallerLeadsBidCampaigns: [{ State: 'FL', Bid: 10, Zip: '78701' }] },
    });
    expect(zip.errors).toEqual(['Zip code entered is not valid for the current selected State.']);
  });

  it('saves an edit once and refuses the second edit based on the same revision with 409', async () => {
    const admin = await api.sessionFor('admin');
    const { body } = await api.call('campaigns.create', { session: admin, params: { startDate: start, endDate: end }, body: campaign('IT-EDIT') });
    const edit = { ...campaign('IT-EDIT2'), CampaignId: body.CampaignId, Revision: 1 };
    const first = await api.call('campaigns.update', { session: admin, params: { startDate: start, endDate: end }, body: edit });
    expect(first.status).toBe(204);
    const stale = await api.call('campaigns.update', { session: admin, params: { startDate: start, endDate: end }, body: edit });
    expect(stale.status).toBe(409);
    expect(stale.errors).toEqual([STALE_EDIT_MESSAGE]);
    // The old code was released by the edit.
    const reuse = await api.call('campaigns.create', { session: admin, params: { startDate: start, endDate: end }, body: campaign('it-edit') });
    expect(reuse.status).toBe(200);
  });

  it('refuses staff without the campaign permissions with 403', async () => {
    const support = await api.sessionFor('captive agent');
    const answer = await api.call('campaigns.create', { session: support, params: { startDate: start, endDate: end }, body: campaign('IT-403') });
    expect(answer.status).toBe(403);
  });

  it('toggles a campaign inactive and back', async () => {
    const admin = await api.sessionFor('admin');
    const campaignId = stableId('campaign', 'LQ');
    expect((await api.call('campaigns.deactivate', { session: admin, params: { campaignId } })).status).toBe(204);
    expect((await api.call('campaigns.get', { session: admin, params: { campaignId } })).body.Status).toBe('Inactive');
    expect((await api.call('campaigns.activate', { session: admin, params: { campaignId } })).status).toBe(204);
  });

  it('lists only current campaigns with current=true, grouped campaign vendors for the wizard', async () => {
    const admin = await api.sessionFor('admin');
    const current = await api.call('campaigns.list', { session: admin, query: { current: 'true' } });
    expect(current.body.every((c) => c.IsCurrent)).toBe(true);
    expect(current.body.map((c) => c.Code)).not.toContain('SPR23');
    const records = await api.call('campaigns.listCampaignVendors', { session: await api.sessionFor('broker agent') });
    expect(records.body.every((r) => r.Campaign.Channel !== 'Captive' && r.Vendors.every((v) => v.VendorPrice === undefined))).toBe(true);
  });
});

describe('campaign vendors and their fund links', () => {
  it('adds a vendor once, links funds with makeup history, and deletes it with its links in one go', async () => {
    const admin = await api.sessionFor('admin');
    const { body } = await api.call('campaigns.create', { session: admin, params: { startDate: start, endDate: end }, body: campaign('IT-CV') });
    const row = { CampaignId: body.CampaignId, VendorId: stableId('vendor', 'ACME'), VendorPrice: 12, CaptivePrice: 20, BrokerPrice: 25, CheckEbureau: false };
    const cv = await api.call('campaigns.createCampaignVendor', { session: admin, body: row });
    expect(cv.status).toBe(200);
    expect((await api.call('campaigns.createCampaignVendor', { session: admin, body: row })).status).toBe(409);
    const CampaignVendorId = cv.body.CampaignVendorId;
    const fundA = stableId('fund', 'HLTH-EX');
    const fundB = stableId('fund', 'FF-HLTH');
    const put = await api.call('funds.saveCampaignVendorFunds', {
      session: admin,
      body: [
        { CampaignVendorId, FundId: fundA, IsActive: true, Priority: 1, Action: 'AddFund' },
        { CampaignVendorId, FundId: fundB, IsActive: true, Priority: 2, Action: 'AddFund' },
      ],
    });
    expect(put.body.map((f) => [f.FundId, f.Priority])).toEqual([[fundA, 1], [fundB, 2]]);
    const swap = await api.call('funds.saveCampaignVendorFunds', {
      session: admin,
      body: [
        { CampaignVendorId, FundId: fundA, IsActive: true, Priority: 2, Action: 'UpdateFund' },
        { CampaignVendorId, FundId: fundB, IsActive: true, Priority: 1, Action: 'UpdateFund' },
      ],
    });
    expect(swap.body.map((f) => [f.FundId, f.Priority])).toEqual([[fundB, 1], [fundA, 2]]);
    const linkB = swap.body[0]!.CampaignVendorFundId;
    expect((await api.call('funds.disableCampaignVendorFund', { session: admin, params: { campaignVendorFundId: linkB } })).status).toBe(204);

    const history = (await FundMakeupHistory.query.ofFund(fundB).all()).filter((h) => h.campaignVendorId === CampaignVendorId);
    expect(history.map((h) => h.changeType).sort()).toEqual(['ActiveChange', 'Added', 'PriorityChange']);

    expect((await api.call('campaigns.deleteCampaignVendor', { session: admin, params: { campaignVendorId: CampaignVendorId } })).status).toBe(204);
    const after = (await FundMakeupHistory.query.ofFund(fundA).all()).filter((h) => h.campaignVendorId === CampaignVendorId);
    expect(after.map((h) => h.changeType)).toContain('Removed');
    const read = await api.call('campaigns.get', { session: admin, params: { campaignId: body.CampaignId } });
    expect(read.body.CampaignVendors).toEqual([]);
  });

  it('refuses a campaign vendor edit based on a stale revision with 409 and changes nothing', async () => {
    const admin = await api.sessionFor('admin');
    const { CampaignVendor } = await import('#entities/campaign-vendor.ts');
    const { body } = await api.call('campaigns.create', { session: admin, params: { startDate: start, endDate: end }, body: campaign('IT-CV-STALE') });
    const row = { CampaignId: body.CampaignId, VendorId: stableId('vendor', 'ACME'), VendorPrice: 12, CaptivePrice: 20, BrokerPrice: 25, CheckEbureau: false };
    const { CampaignVendorId } = (await api.call('campaigns.createCampaignVendor', { session: admin, body: row })).body;
    const first = await api.call('campaigns.updateCampaignVendor', { session: admin, body: { ...row, CampaignVendorId, VendorPrice: 14, Revision: 1 } });
    expect(first.status).toBe(200);
    const saved = await CampaignVendor.query.byId(CampaignVendorId).first();

    // A second editor (another tab) still holds revision 1.
    const stale = await api.call('campaigns.updateCampaignVendor', {
      session: admin,
      body: { ...row, CampaignVendorId, VendorPrice: 99, CaptivePrice: 1, CheckEbureau: true, MinScore: 500, Revision: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.errors).toEqual([STALE_EDIT_MESSAGE]);
    const after = await CampaignVendor.query.byId(CampaignVendorId).first();
    expect(after).toEqual(saved);
    expect(after).toMatchObject({ vendorPriceCents: 1_400, captivePriceCents: 2_000, checkEbureau: false, revision: 2, modifiedBy: 'admin@leadportal.example.com' });
  });

  it('writes no link when the campaign vendor is gone before the save commits (the transaction is cancelled)', async () => {
    const admin = await api.sessionFor('admin');
    const { CampaignVendor } = await import('#entities/campaign-vendor.ts');
    const { CampaignVendorFund } = await import('#entities/campaign-vendor-fund.ts');
    const { saveFundSelections } = await import('#core/catalogue/campaign-vendors.ts');
    const { body } = await api.call('campaigns.create', { session: admin, params: { startDate: start, endDate: end }, body: campaign('IT-ORPHAN') });
    const cv = await api.call('campaigns.createCampaignVendor', { session: admin, body: { CampaignId: body.CampaignId, VendorId: stableId('vendor', 'BLUE'), VendorPrice: 5, CheckEbureau: false } });
    const pair = (await CampaignVendor.query.byId(cv.body.CampaignVendorId).first())!;
    // The pair is read, then deleted underneath the save: the condition check cancels the whole transaction.
    const originalQuery = CampaignVendorFund.query.ofCampaignVendor;
    const patched = CampaignVendorFund.query as { ofCampaignVendor: typeof originalQuery };
    patched.ofCampaignVendor = (id: string) => {
      const q = originalQuery(id);
      return { ...q, all: async (o) => (await CampaignVendor.delete(pair), q.all(o)) };
    };
    try {
      await expect(
        saveFundSelections([{ CampaignVendorId: pair.campaignVendorId, FundId: stableId('fund', 'HLTH-EX'), IsActive: true, Priority: 1, Action: 'AddFund' }], { email: 'x@example.com' }),
      ).rejects.toThrow('Campaign vendor not found.');
    } finally {
      patched.ofCampaignVendor = originalQuery;
    }
    expect(await CampaignVendorFund.query.ofCampaignVendor(pair.campaignVendorId).all()).toEqual([]);
    expect((await FundMakeupHistory.query.ofFund(stableId('fund', 'HLTH-EX')).all()).filter((h) => h.campaignVendorId === pair.campaignVendorId)).toEqual([]);
  });
});
