// The catalogue an order refers to (funds; campaigns with their vendors), read whole: it is small
// (hundreds of items, one index partition each) and every order screen needs names from it.
import { Campaign } from '#entities/campaign.ts';
import { CampaignVendor } from '#entities/campaign-vendor.ts';
import { Fund } from '#entities/fund.ts';
import { Vendor } from '#entities/vendor.ts';
import { fundReceivesLeads } from '#shared/orders/step-funds.ts';
import { companyDay } from '#shared/time-zones.ts';

export interface OrderCatalogue {
  funds: Map<string, Fund>;
  campaigns: Map<string, Campaign>;
  vendors: Map<string, Vendor>;
  /** `{campaignId}#{vendorId}` of every campaign-vendor pair. */
  pairs: Set<string>;
}

export async function readOrderCatalogue(parts: { funds?: boolean; campaigns?: boolean } = { funds: true, campaigns: true }): Promise<OrderCatalogue> {
  const [funds, campaigns, vendors, pairs] = await Promise.all([
    parts.funds ? Fund.query.byName().all() : [],
    parts.campaigns ? Campaign.query.byName().all() : [],
    parts.campaigns ? Vendor.query.byName().all() : [],
    parts.campaigns ? CampaignVendor.query.all().all() : [],
  ]);
  return {
    funds: new Map(funds.map((f) => [f.fundId, f])),
    campaigns: new Map(campaigns.map((c) => [c.campaignId, c])),
    vendors: new Map(vendors.map((v) => [v.vendorId, v])),
    pairs: new Set(pairs.map((p) => `${p.campaignId}#${p.vendorId}`)),
  };
}

/** The fund as the funds step judges it. */
export const fundState = (f: Fund) => ({ FundId: f.fundId, IsActive: f.isActive, StartDate: f.startDate, EndDate: f.endDate });

/** A fund order whose funds are not all receiving leads now (2§4 "funds are no longer all available"). */
export function fundsUnavailable(fundIds: readonly string[], catalogue: OrderCatalogue, now: Date): boolean {
  const today = companyDay(now);
  return fundIds.some((id) => {
    const fund = catalogue.funds.get(id);
    return !fund || !fundReceivesLeads(fundState(fund), today);
  });
}
