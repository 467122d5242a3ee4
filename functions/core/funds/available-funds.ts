// The funds a user may see (spec part 1 §6) with their campaign-vendor links: the Available Funds
// dialog, the fund pickers and the Funds Summary list. The API's shapes (derived dispute status,
// category label, price for the agent type) are built in functions/funds/fund-shapes.ts.
import { AgentProfile, Campaign, CampaignVendor, CampaignVendorFund, Fund, Vendor } from '#platform/entities.ts';
import { agentKeys, campaignKeys, campaignVendorFundKeys, campaignVendorKeys, fundKeys, vendorKeys } from '#platform/keys.ts';
import type { SessionUser } from '#platform/session-user.ts';
import { fundsForViewer, type AgentType } from '#shared/funds.ts';
import { isStaff } from '#shared/permissions.ts';

/** A campaign-vendor-fund link with the pair, campaign, vendor and fund it joins. */
export interface FundLink {
  link: CampaignVendorFund;
  pair: CampaignVendor;
  campaign: Campaign;
  vendor: Vendor;
  fund: Fund;
}

export interface VisibleFunds {
  /** The agent type prices are shown for; undefined for staff (and users without an agent record). */
  agentType?: AgentType;
  funds: Fund[];
  /** The links of the visible funds only. */
  links: FundLink[];
}

type Viewer = { agentId: string; type: AgentType } | 'staff';

/** Who is looking: staff see every fund; an agent user what their type and id allow; no record, nothing. */
async function viewerOf(user: SessionUser): Promise<Viewer | undefined> {
  if (isStaff(user.flags)) return 'staff';
  if (!user.agentId) return undefined;
  const profile = await AgentProfile.get(agentKeys.profileById(user.agentId));
  return profile && { agentId: profile.agentId, type: profile.type };
}

/** Every campaign-vendor-fund link of these funds with its campaign and vendor (the catalogue is small: four Queries). */
async function linksOf(funds: Map<string, Fund>): Promise<FundLink[]> {
  const [links, pairs, campaigns, vendors] = await Promise.all([
    CampaignVendorFund.queryAll(campaignVendorFundKeys.all()),
    CampaignVendor.queryAll(campaignVendorKeys.all()),
    Campaign.queryAll(campaignKeys.all()),
    Vendor.queryAll(vendorKeys.all()),
  ]);
  const pairById = new Map(pairs.map((p) => [p.campaignVendorId, p]));
  const campaignById = new Map(campaigns.map((c) => [c.campaignId, c]));
  const vendorById = new Map(vendors.map((v) => [v.vendorId, v]));
  return links.flatMap((link) => {
    const pair = pairById.get(link.campaignVendorId);
    const campaign = pair && campaignById.get(pair.campaignId);
    const vendor = pair && vendorById.get(pair.vendorId);
    const fund = funds.get(link.fundId);
    if (!pair || !campaign || !vendor || !fund) return [];
    return [{ link, pair, campaign, vendor, fund }];
  });
}

/** The funds this user may see now, with their links. */
export async function visibleFunds(user: SessionUser, now = new Date().toISOString()): Promise<VisibleFunds> {
  const viewer = await viewerOf(user);
  if (!viewer) return { funds: [], links: [] };
  const funds = fundsForViewer(await Fund.queryAll(fundKeys.all()), viewer, now);
  const links = await linksOf(new Map(funds.map((f) => [f.fundId, f])));
  return { ...(viewer === 'staff' ? {} : { agentType: viewer.type }), funds, links };
}
