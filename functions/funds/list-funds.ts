// GET /api/fund and GET /api/fund/campaignvendorfunds: the funds the caller may see (filtered on the
// server for agents, everything for staff) and their campaign-vendor links.
import { listCampaignVendorFunds, listFunds } from '#core/funds/available-funds.ts';
import { ok, route } from '#platform/http.ts';

export const getFunds = route({ handle: async ({ user }) => ok(await listFunds(user)) });
export const getCampaignVendorFunds = route({ handle: async ({ user }) => ok(await listCampaignVendorFunds(user)) });
