import { describe, expect, it } from 'vitest';
import {
  addAllStates,
  addBid,
  addFundSelection,
  CAMPAIGN_DEFAULTS,
  CAMPAIGN_VALIDATION_DEFAULTS,
  campaignCreateSchema,
  campaignUpdateSchema,
  campaignVendorFundPreviewSchema,
  campaignVendorSchema,
  channelFromFlags,
  fundSelectionsSchema,
  losesMoney,
  moveFundSelection,
  normaliseBids,
  removeFundSelection,
  withEbureauAddress,
  type BidDto,
  type FundAction,
} from './campaign.ts';

const valid = {
  Name: 'Health Web',
  Code: 'HW-1',
  Description: 'Web leads',
  LeadType: 'Health',
  CrmLob: 'Health',
  BusinessOwner: 'Health Sales',
  Destination: 'CRM',
  StartDate: '2030-01-01',
  EndDate: '2030-12-31',
  ...CAMPAIGN_DEFAULTS,
  CampaignValidation: CAMPAIGN_VALIDATION_DEFAULTS,
  CallerLeadsBidCampaigns: [],
};

const messagesOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

describe('the campaign form schema', () => {
  it('accepts a campaign with the spec defaults', () => {
    expect(campaignCreateSchema.safeParse(valid).success).toBe(true);
  });

  it('gives each required field its message from part 3 §5', () => {
    const empty = { ...valid, Name: '', Code: '', Description: '', LeadType: '', CrmLob: '', BusinessOwner: '', Destination: '', StartDate: '', EndDate: '' };
    const { DedupeDays: _d, MaxRetries: _m, RetryInterval: _r, ...rest } = empty;
    expect(messagesOf(campaignCreateSchema.safeParse(rest))).toEqual(
      expect.arrayContaining([
        'Campaign name is required',
        'Code is required',
        'Description is required',
        'Lead Type is required',
        'CRM Line of Business is required',
        'Business Owner is required',
        'Destination is required',
        'Start date is required',
        'End date is required',
        'Days is required',
        'Retry Attempts is required',
        'Retry Minutes is required',
      ]),
    );
  });

  it("refuses an end before the start with 'End Date must come after Start Date'", () => {
    expect(messagesOf(campaignCreateSchema.safeParse({ ...valid, EndDate: '2029-12-31' }))).toEqual(['End Date must come after Start Date']);
  });

  it('needs a min score above 0 when eBureau is on', () => {
    expect(messagesOf(campaignCreateSchema.safeParse({ ...valid, CheckEbureau: true, MinScore: null }))).toEqual(['Min score is required']);
    expect(messagesOf(campaignCreateSchema.safeParse({ ...valid, CheckEbureau: true, MinScore: 0 }))).toEqual(['Min score must be greater than 0']);
    expect(messagesOf(campaignCreateSchema.safeParse({ ...valid, CheckEbureau: true, MinScore: 1001 }))).toEqual(['At most 1000.']);
  });

  it('reports the eBureau and date rules alongside the field errors, not only after them', () => {
    const { Name: _n, ...missingName } = valid;
    const messages = messagesOf(campaignCreateSchema.safeParse({ ...missingName, CheckEbureau: true, MinScore: null, EndDate: '2029-12-31' }));
    expect(messages).toEqual(expect.arrayContaining(['Campaign name is required', 'Min score is required', 'End Date must come after Start Date']));
    const updated = messagesOf(campaignUpdateSchema.safeParse({ ...valid, CampaignId: '', Revision: 1, CheckEbureau: true, MinScore: 0 }));
    expect(updated).toEqual(expect.arrayContaining(['A campaign is required', 'Min score must be greater than 0']));
  });

  it('reads only fields of the right type when other fields fail', () => {
    expect(messagesOf(campaignCreateSchema.safeParse({ ...valid, StartDate: 5, EndDate: {}, CheckEbureau: true, MinScore: 'x' }))).not.toContain('End Date must come after Start Date');
    for (const input of [null, 5, 'x', [], {}]) expect(() => campaignCreateSchema.safeParse(input)).not.toThrow();
  });

  it('caps dedupe days at 1000 and retry attempts at 2 digits', () => {
    expect(campaignCreateSchema.safeParse({ ...valid, DedupeDays: 1001 }).success).toBe(false);
    expect(campaignCreateSchema.safeParse({ ...valid, MaxRetries: 100 }).success).toBe(false);
  });
});

describe('campaign vendor rows', () => {
  const row = { CampaignId: 'C1', VendorId: 'V1', VendorPrice: 12.5, CheckEbureau: false };
  it('need a vendor and a vendor price', () => {
    expect(messagesOf(campaignVendorSchema.safeParse({ ...row, VendorId: '', VendorPrice: undefined }))).toEqual(['A vendor is required', 'Vendor price is required']);
  });
  it('report a missing min score alongside a missing vendor', () => {
    expect(messagesOf(campaignVendorSchema.safeParse({ ...row, VendorId: '', CheckEbureau: true }))).toEqual(['A vendor is required', 'Min score is required']);
    expect(messagesOf(campaignVendorFundPreviewSchema.safeParse({ ...row, CheckEbureau: true, MinScore: 0 }))).toEqual(
      expect.arrayContaining(['Captive price is required', 'Broker price is required', 'Min score must be greater than 0']),
    );
  });
  it('refuse a price with three decimals or more than 6 characters', () => {
    expect(campaignVendorSchema.safeParse({ ...row, VendorPrice: 1.234 }).success).toBe(false);
    expect(campaignVendorSchema.safeParse({ ...row, VendorPrice: 1234567 }).success).toBe(false);
    expect(campaignVendorSchema.safeParse({ ...row, VendorPrice: 999.99 }).success).toBe(true);
  });
  it('warn (without refusing) when the vendor costs more than an agent pays', () => {
    expect(losesMoney({ VendorPrice: 20, CaptivePrice: 15, BrokerPrice: 30 })).toBe(true);
    expect(losesMoney({ VendorPrice: 10, CaptivePrice: 15, BrokerPrice: 30 })).toBe(false);
  });
});

describe('bids', () => {
  it('replace an entry with the same state, or the same zip', () => {
    const one = addBid<BidDto>([{ State: 'TX', Bid: 5, Zip: null }], { State: 'TX', Bid: 7, Zip: null });
    expect(one).toEqual([{ State: 'TX', Bid: 7, Zip: null }]);
    const two = addBid(one, { State: 'TX', Bid: 9, Zip: '78701' });
    expect(addBid(two, { State: 'TX', Bid: 3, Zip: '78701' })).toEqual([{ State: 'TX', Bid: 7, Zip: null }, { State: 'TX', Bid: 3, Zip: '78701' }]);
  });
  it('All adds every state at that bid, keeping zip entries', () => {
    const all = addAllStates([{ State: 'TX', Bid: 9, Zip: '78701' }], 4);
    expect(all).toHaveLength(52);
    expect(normaliseBids(all)).toHaveLength(52);
  });
});

describe('the channel mapping and eBureau', () => {
  it('maps the two flags to Both, Broker, Captive, and neither to Captive', () => {
    expect([channelFromFlags(true, true), channelFromFlags(false, true), channelFromFlags(true, false), channelFromFlags(false, false)]).toEqual(['Both', 'Broker', 'Captive', 'Captive']);
  });
  it('forces every address part when eBureau scores', () => {
    const v = withEbureauAddress(CAMPAIGN_VALIDATION_DEFAULTS, true);
    expect([v.AddressLine1Required, v.CityRequired, v.StateRequired, v.ZipRequired, v.CountryRequired]).toEqual([true, true, true, true, true]);
  });
});

describe('the Funds dialog', () => {
  type Row = { FundId: string; Priority: number; Action: FundAction };
  const saved: Row[] = [
    { FundId: 'a', Priority: 1, Action: 'None' },
    { FundId: 'b', Priority: 2, Action: 'None' },
    { FundId: 'c', Priority: 3, Action: 'None' },
  ];
  it('gives an added fund the next priority', () => {
    expect(addFundSelection(saved, { FundId: 'd' }).at(-1)).toEqual({ FundId: 'd', Priority: 4, Action: 'AddFund' });
  });
  it('renumbers the rest when one is removed', () => {
    expect(removeFundSelection(saved, 'a')).toEqual([
      { FundId: 'a', Priority: 1, Action: 'DeleteFund' },
      { FundId: 'b', Priority: 1, Action: 'UpdateFund' },
      { FundId: 'c', Priority: 2, Action: 'UpdateFund' },
    ]);
  });
  it('swaps priorities when one moves', () => {
    expect(moveFundSelection(saved, 'c', -1).map((r) => [r.FundId, r.Priority])).toEqual([['a', 1], ['b', 3], ['c', 2]]);
  });
  it('refuses selections of two campaign vendors or a fund twice', () => {
    const s = { FundId: 'f', IsActive: true, Priority: 1, Action: 'AddFund' as const };
    expect(fundSelectionsSchema.safeParse([{ ...s, CampaignVendorId: 'x' }, { ...s, FundId: 'g', CampaignVendorId: 'y' }]).success).toBe(false);
    expect(fundSelectionsSchema.safeParse([{ ...s, CampaignVendorId: 'x' }, { ...s, CampaignVendorId: 'x' }]).success).toBe(false);
  });
});
