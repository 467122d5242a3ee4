// The funds and campaign-vendor funds as the API shows them (spec part 1 §3, §6): PascalCase, dollars
// at the edge, with the derived dispute status, category label and the price for the agent's type.
import type { FundLink, VisibleFunds } from '#core/catalogue/funds/available-funds.ts';
import type { FundDetail } from '#core/catalogue/funds/fund-admin.ts';
import type { Fund } from '#entities/fund.ts';
import type { FundHistory } from '#entities/fund-history.ts';
import type { FundMakeupHistory } from '#entities/fund-makeup-history.ts';
import type { CampaignVendorFundDto, FundDetailDto, FundDto, FundHistoryRowDto, FundMakeupRowDto, FundStateDto } from '#shared/api/funds.ts';
import { agentPrices, categoryLabel, disputableStatus } from '#shared/funds.ts';
import { centsToDollars } from '#shared/money.ts';

export function toCampaignVendorFundLink({ link, pair, campaign, vendor, fund }: FundLink): CampaignVendorFundDto {
  return {
    CampaignVendorFundId: link.campaignVendorFundId,
    CampaignVendor: {
      CampaignVendorId: pair.campaignVendorId,
      Campaign: { CampaignId: campaign.campaignId, Name: campaign.name, AllowDisputes: campaign.allowDisputes },
      Vendor: { VendorId: vendor.vendorId, Name: vendor.name, AllowDisputes: vendor.allowDisputes },
    },
    Fund: { FundId: fund.fundId, Name: fund.name, Code: fund.code },
    Priority: link.priority,
    IsActive: link.isActive,
  };
}

export function toFundList({ funds, links, agentType }: VisibleFunds): FundDto[] {
  const activeLinks = new Map<string, FundLink[]>();
  for (const l of links) if (l.link.isActive) activeLinks.set(l.fund.fundId, [...(activeLinks.get(l.fund.fundId) ?? []), l]);
  return funds.map((f) => {
    const own = activeLinks.get(f.fundId) ?? [];
    return {
      FundId: f.fundId,
      Name: f.name,
      Description: f.description,
      Code: f.code,
      LineOfBusiness: f.lineOfBusiness,
      Category: f.category,
      CategoryLabel: categoryLabel(f.category),
      Channel: f.channel,
      StartDate: f.startDate,
      EndDate: f.endDate,
      IsActive: f.isActive,
      IsLiveTransfer: f.isLiveTransfer,
      ...agentPrices(f, agentType),
      SpecifiedAgents: f.specifiedAgentIds.map((AgentId) => ({ AgentId })),
      DisputableStatus: disputableStatus(own.map((l) => ({ campaignAllows: l.campaign.allowDisputes, vendorAllows: l.vendor.allowDisputes }))),
      Created: f.createdAt,
      Modified: f.lastUpdated,
    };
  });
}

export function toFundDetail({ fund: f, agents, campaignVendors, disputable }: FundDetail): FundDetailDto {
  const [row] = toFundList({ funds: [f], links: [] });
  return {
    ...row!,
    DisputableStatus: disputable,
    ModifiedBy: f.modifiedBy,
    LastUpdated: f.lastUpdated,
    Revision: f.revision,
    AgentIds: f.specifiedAgentIds,
    SpecifiedAgents: agents.map((a) => ({ AgentId: a.agentId, FirstName: a.firstName, LastName: a.lastName })),
    CampaignVendors: campaignVendors.map((cv) => ({
      CampaignVendorId: cv.campaignVendorId,
      Campaign: cv.campaign,
      Vendor: cv.vendor,
      VendorPrice: centsToDollars(cv.vendorPriceCents),
      MinScore: cv.minScore,
    })),
  };
}

export const toFundState = (f: Fund): FundStateDto => ({
  FundId: f.fundId,
  IsActive: f.isActive,
  ModifiedBy: f.modifiedBy,
  LastUpdated: f.lastUpdated,
  Revision: f.revision,
});

export const toFundHistoryRow = (h: FundHistory): FundHistoryRowDto => ({
  HistoryId: h.historyId,
  Modified: h.modified,
  ModifiedBy: h.modifiedBy,
  Name: h.name,
  CaptivePrice: centsToDollars(h.captivePriceCents),
  BrokerPrice: centsToDollars(h.brokerPriceCents),
  IsActive: h.isActive,
  Code: h.code,
  LineOfBusiness: h.lineOfBusiness,
  Category: h.category,
  IsLiveTransfer: h.isLiveTransfer,
  Channel: h.channel,
});

export const toFundMakeupRow = (h: FundMakeupHistory): FundMakeupRowDto => ({
  HistoryId: h.historyId,
  Campaign: h.campaignName,
  Vendor: h.vendorName,
  Priority: h.priority,
  ModifiedBy: h.modifiedBy,
  Modified: h.modified,
  ChangeType: h.changeType,
});
