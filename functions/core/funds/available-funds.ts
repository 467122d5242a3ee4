// The funds a user may see, with the derived dispute status, category label and price for their agent
// type (spec part 1 §6): the Available Funds dialog, the fund pickers and the Funds Summary list.
import { AgentProfile } from '#entities/agent-profile.ts';
import { Campaign } from '#entities/campaign.ts';
import { CampaignVendor } from '#entities/campaign-vendor.ts';
import { CampaignVendorFund } from '#entities/campaign-vendor-fund.ts';
import { Fund } from '#entities/fund.ts';
import { Vendor } from '#entities/vendor.ts';
import type { Fund as FundItem } from '#entities/fund.ts';
import type { SessionUser } from '#platform/session-user.ts';
import { categoryLabel, disputableStatus, fundsForViewer, priceForType, type AgentType } from '#shared/funds.ts';
import { centsToDollars } from '#shared/money.ts';
import { isStaff } from '#shared/permissions.ts';

export interface CampaignVendorFundLink {
  CampaignVendorFundId: string;
  CampaignVendor: {
    CampaignVendorId: string;
    Campaign: { CampaignId: string; Name: string; AllowDisputes: boolean };
    Vendor: { VendorId: string; Name: string; AllowDisputes: boolean };
  };
  Fund: { FundId: string; Name: string; Code: string };
  Priority: number;
  IsActive: boolean;
}

type Viewer = { agentId: string; type: AgentType } | 'staff';

/** Who is looking: staff see every fund; an agent user what their type and id allow; no record, nothing. */
async function viewerOf(user: SessionUser): Promise<Viewer | undefined> {
  if (isStaff(user.flags)) return 'staff';
  if (!user.agentId) return undefined;
  const profile = await AgentProfile.get({ agentId: user.agentId });
  return profile && { agentId: profile.agentId, type: profile.type };
}

/** Every campaign-vendor-fund link with its campaign and vendor (the catalogue is small: four Queries). */
async function allLinks(funds: Map<string, FundItem>): Promise<CampaignVendorFundLink[]> {
  const [links, pairs, campaigns, vendors] = await Promise.all([
    CampaignVendorFund.query.all().all(),
    CampaignVendor.query.all().all(),
    Campaign.query.byName().all(),
    Vendor.query.byName().all(),
  ]);
  const pairById = new Map(pairs.map((p) => [p.campaignVendorId, p]));
  const campaignById = new Map(campaigns.map((c) => [c.campaignId, c]));
  const vendorById = new Map(vendors.map((v) => [v.vendorId, v]));
  return links.flatMap((l) => {
    const pair = pairById.get(l.campaignVendorId);
    const campaign = pair && campaignById.get(pair.campaignId);
    const vendor = pair && vendorById.get(pair.vendorId);
    const fund = funds.get(l.fundId);
    if (!pair || !campaign || !vendor || !fund) return [];
    return [
      {
        CampaignVendorFundId: l.campaignVendorFundId,
        CampaignVendor: {
          CampaignVendorId: pair.campaignVendorId,
          Campaign: { CampaignId: campaign.campaignId, Name: campaign.name, AllowDisputes: campaign.allowDisputes },
          Vendor: { VendorId: vendor.vendorId, Name: vendor.name, AllowDisputes: vendor.allowDisputes },
        },
        Fund: { FundId: fund.fundId, Name: fund.name, Code: fund.code },
        Priority: l.priority,
        IsActive: l.isActive,
      },
    ];
  });
}

async function visibleFunds(user: SessionUser, now: string): Promise<{ viewer?: Viewer; funds: FundItem[] }> {
  const viewer = await viewerOf(user);
  if (!viewer) return { funds: [] };
  return { viewer, funds: fundsForViewer(await Fund.query.byName().all(), viewer, now) };
}

export async function listFunds(user: SessionUser, now = new Date().toISOString()) {
  const { viewer, funds } = await visibleFunds(user, now);
  const links = await allLinks(new Map(funds.map((f) => [f.fundId, f])));
  const agentType = viewer === 'staff' || !viewer ? undefined : viewer.type;
  return funds.map((f) => {
    const own = links.filter((l) => l.Fund.FundId === f.fundId && l.IsActive);
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
      DisputableStatus: disputableStatus(
        own.map((l) => ({ campaignAllows: l.CampaignVendor.Campaign.AllowDisputes, vendorAllows: l.CampaignVendor.Vendor.AllowDisputes })),
      ),
      Created: f.createdAt,
      Modified: f.modifiedAt,
    };
  });
}

/** The campaign-vendor funds of the funds this user may see. */
export async function listCampaignVendorFunds(user: SessionUser, now = new Date().toISOString()): Promise<CampaignVendorFundLink[]> {
  const { funds } = await visibleFunds(user, now);
  return allLinks(new Map(funds.map((f) => [f.fundId, f])));
}
