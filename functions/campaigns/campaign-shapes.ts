// Campaigns and campaign vendors as the API shows them (spec part 3 §3, part 2 §3): PascalCase,
// dollars at the edge, the audit fields (ModifiedBy, LastUpdated, Revision) on every edited item.
import type { CampaignVendorRecord } from '#core/catalogue/campaign-vendors.ts';
import { isCurrent } from '#core/catalogue/campaign-dates.ts';
import type { CampaignView } from '#core/catalogue/campaigns.ts';
import type { Campaign } from '#entities/campaign.ts';
import type { CampaignDetailDto, CampaignDto, CampaignVendorRecordDto } from '#shared/api/campaigns.ts';
import { LINES_OF_BUSINESS } from '#shared/campaign.ts';
import { agentPrices, type AgentType } from '#shared/funds.ts';
import { centsToDollars } from '#shared/money.ts';
import { toFundRow } from '#core/catalogue/fund-row.ts';

const lobName = (lob: number) => LINES_OF_BUSINESS.find((l) => l.Id === lob)?.Name ?? '';

export function toCampaign(c: Campaign, now = new Date().toISOString()): CampaignDto {
  return {
    CampaignId: c.campaignId,
    Name: c.name,
    Code: c.code,
    Description: c.description,
    Category: c.category,
    LeadType: c.leadType || lobName(c.lob),
    Lob: c.lob,
    CrmLob: c.crmLob,
    BusinessOwner: c.businessOwner,
    Destination: c.destination,
    Status: c.status === 1 ? 'Active' : 'Inactive',
    StartDate: c.startDate,
    EndDate: c.endDate,
    IsCurrent: isCurrent(c, now),
    AllowDisputes: c.allowDisputes,
    IsLiveTransfer: c.isLiveTransfer,
    DedupeScope: c.dedupeScope,
    DedupeDays: c.dedupeDays,
    CallCenterCheck: c.callCenterCheck,
    CallTimeCheck: c.callTimeCheck,
    MaxRetries: c.maxRetries,
    RetryInterval: c.retryIntervalMinutes,
    Channel: c.channel,
    CheckEbureau: c.checkEbureau,
    MinScore: c.minScore,
    ModifiedBy: c.modifiedBy,
    LastUpdated: c.lastUpdated,
    Revision: c.revision,
  };
}

export function toCampaignDetail({ campaign, validation: v, bids, vendors }: CampaignView): CampaignDetailDto {
  return {
    ...toCampaign(campaign),
    CampaignValidation: {
      CampaignValidationId: v.campaignValidationId,
      AddressLine1Required: v.addressLine1Required,
      CityRequired: v.cityRequired,
      StateRequired: v.stateRequired,
      ZipRequired: v.zipRequired,
      CountryRequired: v.countryRequired,
      In_EmailRequired: v.inEmailRequired,
      Bz_EmailRequired: v.bzEmailRequired,
      In_GenderRequired: v.inGenderRequired,
      In_dobRequired: v.inDobRequired,
      MinAge: v.minAge > 0 ? v.minAge : null,
      MaxAge: v.maxAge > 0 ? v.maxAge : null,
      ConsentCertificateRequired: v.consentCertificateRequired ?? false,
    },
    CallerLeadsBidCampaigns: bids.map((b) => ({ State: b.state, Bid: centsToDollars(b.bidCents), Zip: b.zip || null })),
    CampaignVendors: vendors.map(({ pair, vendorName, funds }) => ({
      CampaignVendorId: pair.campaignVendorId,
      CampaignId: pair.campaignId,
      VendorId: pair.vendorId,
      VendorName: vendorName,
      VendorPrice: centsToDollars(pair.vendorPriceCents),
      MaxPrice: centsToDollars(pair.maxPriceCents),
      CaptivePrice: centsToDollars(pair.captivePriceCents),
      BrokerPrice: centsToDollars(pair.brokerPriceCents),
      CheckEbureau: pair.checkEbureau,
      MinScore: pair.minScore,
      Funds: funds.map(toFundRow),
      ModifiedBy: pair.modifiedBy,
      LastUpdated: pair.lastUpdated,
      Revision: pair.revision,
    })),
  };
}

export function toCampaignVendorRecords(records: CampaignVendorRecord[], agentType: AgentType | undefined): CampaignVendorRecordDto[] {
  return records.map(({ campaign: c, vendors }) => ({
    Campaign: {
      CampaignId: c.campaignId,
      Name: c.name,
      Code: c.code,
      Lob: c.lob,
      Category: c.category,
      Channel: c.channel,
      IsLiveTransfer: c.isLiveTransfer,
      Status: c.status === 1 ? 'Active' : 'Inactive',
      StartDate: c.startDate,
      EndDate: c.endDate,
    },
    Vendors: vendors.map(({ pair, vendor }) => ({
      CampaignVendorId: pair.campaignVendorId,
      VendorId: vendor.vendorId,
      Name: vendor.name,
      AllowDisputes: vendor.allowDisputes,
      ...agentPrices(pair, agentType),
      ...(agentType === undefined ? { VendorPrice: centsToDollars(pair.vendorPriceCents) } : {}),
    })),
  }));
}
