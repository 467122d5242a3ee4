// GET /api/fund and GET /api/fund/campaignvendorfunds: the funds the caller may see (filtered on the
// server for agents, everything for staff) and their campaign-vendor links.
import { visibleFunds } from '#core/catalogue/funds/available-funds.ts';
import { ok, route } from '#platform/http.ts';
import { toCampaignVendorFundLink, toFundList } from './fund-shapes.ts';

export const getFunds = route('funds.list', { handle: async ({ user }) => ok(toFundList(await visibleFunds(user))) });
export const getCampaignVendorFunds = route('funds.campaignVendorFunds', {
  handle: async ({ user }) => ok((await visibleFunds(user)).links.map(toCampaignVendorFundLink)),
});
