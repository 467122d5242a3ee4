// Route handlers of the funds area, keyed by manifest route id. Routes missing here answer 501.
import type { AreaRoutes } from '#platform/http.ts';
import { getCampaignVendorFunds, getFunds } from './list-funds.ts';

export const routes: AreaRoutes = {
  'funds.list': getFunds,
  'funds.campaignVendorFunds': getCampaignVendorFunds,
};
