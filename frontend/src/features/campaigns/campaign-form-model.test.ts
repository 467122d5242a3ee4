import { describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES } from '#shared/campaign.ts';
import { campaignBody, campaignFormSchema, fundSelectionsBody, newCampaignValues, newVendorBody, newVendorRow, savedVendorBody } from './campaign-form-model.ts';

const filled = () => {
  const values = newCampaignValues('2030-01-10');
  Object.assign(values.Campaign, {
    Name: 'Spring Health',
    Code: 'SPR30',
    Description: 'Spring campaign',
    LeadType: 'Web',
    CrmLob: 'Health',
    BusinessOwner: 'Marketing',
    Destination: 'Portal',
  });
  return values;
};

describe('the campaign form model', () => {
  it('a new campaign starts with the defaults of part 3 §9', () => {
    const c = newCampaignValues('2030-01-10').Campaign;
    expect(c).toMatchObject({ DedupeDays: 30, DedupeScope: 'All', MaxRetries: 0, RetryInterval: 0, CallTimeCheck: 30, CallCenterCheck: 0, Lob: 2, Status: 'Active' });
  });

  it('a new campaign is POSTed Active, without id, with ages only when above 0 and no min score without eBureau', () => {
    const values = filled();
    values.Campaign.Status = 'Inactive';
    values.Campaign.MinScore = 500;
    values.Campaign.CampaignValidation = { ...values.Campaign.CampaignValidation, MinAge: 0, MaxAge: 65 };
    const made = campaignBody(values.Campaign);
    expect(made.kind).toBe('create');
    expect(made.body).toMatchObject({ Status: 'Active', MinScore: null, CampaignValidation: { MinAge: null, MaxAge: 65 } });
    expect(made.body).not.toHaveProperty('CampaignId');
  });

  it('an edited campaign is PATCHed with its id and the revision read', () => {
    const values = filled();
    Object.assign(values.Campaign, { CampaignId: 'C1', Revision: 4 });
    const made = campaignBody(values.Campaign);
    expect(made.kind).toBe('update');
    expect(made.body).toMatchObject({ CampaignId: 'C1', Revision: 4 });
  });

  it('a new vendor row is POSTed with an empty CampaignVendorId, a saved one PATCHed with its id and revision', () => {
    const row = { ...newVendorRow(''), VendorId: 'V1', VendorPrice: 12.5 };
    expect(newVendorBody(row, 'C1')).toMatchObject({ CampaignVendorId: '', CampaignId: 'C1', VendorId: 'V1', VendorPrice: 12.5 });
    expect(savedVendorBody({ ...row, CampaignVendorId: 'CV1', Revision: 2 }, 'C1')).toMatchObject({ CampaignVendorId: 'CV1', Revision: 2 });
  });

  it('each fund selection names the campaign vendor the vendor call answered', () => {
    const row = { ...newVendorRow('C1'), Funds: [{ FundId: 'F1', Name: 'A', Code: 'A', IsActive: true, Priority: 1, Action: 'AddFund' as const }] };
    expect(fundSelectionsBody(row, 'CV9')).toEqual([{ CampaignVendorId: 'CV9', FundId: 'F1', Name: 'A', Code: 'A', IsActive: true, Priority: 1, Action: 'AddFund' }]);
  });

  it("in fund preview a vendor row needs its captive and broker prices ('Captive price is required', 'Broker price is required')", () => {
    const values = { ...filled(), Vendors: [{ ...newVendorRow(''), VendorId: 'V1', VendorPrice: 12.5 }] };
    const messages = (fundPreview: boolean) => campaignFormSchema(false, fundPreview).safeParse(values).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
    expect(messages(true)).toEqual([`Vendors.0.CaptivePrice: ${CAMPAIGN_MESSAGES.captivePriceRequired}`, `Vendors.0.BrokerPrice: ${CAMPAIGN_MESSAGES.brokerPriceRequired}`]);
    expect(messages(false)).toEqual([]);
  });
});
