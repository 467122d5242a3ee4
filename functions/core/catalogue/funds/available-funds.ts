// The funds a user may see (spec part 1 §6) with their campaign-vendor links: the Available Funds
// dialog, the fund pickers and the Funds Summary list. The API's shapes (derived dispute status,
// category label, price for the agent type) are built in functions/funds/fund-shapes.ts.
import { AgentProfile } from '#entities/agent-profile.ts';
import { Campaign } from '#entities/campaign.ts';
import { CampaignVendor } from '#entities/campaign-vendor.ts';
import { CampaignVendorFund } from '#entities/campaign-vendor-fund.ts';
import { Fund } from '#entities/fund.ts';
import { Vendor } from '#entities/vendor.ts';
import type { SessionUser } from '#platform/session-user.ts';
import { companyDay } from '#shared/time-zones.ts';
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
  const profile = await AgentProfile.get({ agentId: user.agentId });
  return profile && { agentId: profile.agentId, type: profile.type };
}

/**
 * The whole catalogue the fund list is built from: funds, every campaign-vendor-fund link, pair,
 * campaign and vendor (five index partitions, each one Query; the catalogue is small). The five are
 * independent, so they are read at once: one round trip, not a funds read followed by four more.
 */
async function readCatalogue() {
  const [funds, links, pairs, campaigns, vendors] = await Promise.all([
    Fund.query.byName().all(),
    CampaignVendorFund.query.all().all(),
    CampaignVendor.query.all().all(),
    Campaign.query.byName().all(),
    Vendor.query.byName().all(),
  ]);
  return { funds, links, pairs, campaigns, vendors };
}

/** The links of these funds joined with their pair, campaign and vendor, in memory. */
function linksOf(funds: Map<string, Fund>, { links, pairs, campaigns, vendors }: Awaited<ReturnType<typeof readCatalogue>>): FundLink[] {
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

/** The funds this user may see now, with their links. Who is looking is read alongside the catalogue. */
export async function visibleFunds(user: SessionUser, now = new Date().toISOString()): Promise<VisibleFunds> {
  const [viewer, catalogue] = await Promise.all([viewerOf(user), readCatalogue()]);
  if (!viewer) return { funds: [], links: [] };
  const funds = fundsForViewer(catalogue.funds, viewer, companyDay(new Date(now)));
  const links = linksOf(new Map(funds.map((f) => [f.fundId, f])), catalogue);
  return { ...(viewer === 'staff' ? {} : { agentType: viewer.type }), funds, links };
}
