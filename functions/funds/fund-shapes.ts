// The funds and campaign-vendor funds as the API shows them (spec part 1 §3, §6): PascalCase, dollars
// at the edge, with the derived dispute status, category label and the price for the agent's type.
import type { FundLink, VisibleFunds } from '#core/funds/available-funds.ts';
import type { CampaignVendorFundDto, FundDto } from '#shared/api/funds.ts';
import { categoryLabel, disputableStatus, priceForType } from '#shared/funds.ts';
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
  return funds.map((f) => {
    const own = links.filter((l) => l.fund.fundId === f.fundId && l.link.isActive);
    const CaptivePrice = centsToDollars(f.captivePriceCents);
    const BrokerPrice = centsToDollars(f.brokerPriceCents);
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
      CaptivePrice,
      BrokerPrice,
      Price: priceForType({ captive: CaptivePrice, broker: BrokerPrice }, agentType),
      SpecifiedAgents: f.specifiedAgentIds.map((AgentId) => ({ AgentId })),
      DisputableStatus: disputableStatus(own.map((l) => ({ campaignAllows: l.campaign.allowDisputes, vendorAllows: l.vendor.allowDisputes }))),
      Created: f.createdAt,
      Modified: f.modifiedAt,
    };
  });
}
