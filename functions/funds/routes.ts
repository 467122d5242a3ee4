// Route handlers of the funds area, keyed by manifest route id. Routes missing here answer 501.
import type { AreaRoutes } from '#platform/http.ts';
import { disableCampaignVendorFund, enableCampaignVendorFund, putCampaignVendorFunds } from './campaign-vendor-funds.ts';
import { getFund } from './get-fund.ts';
import { getCampaignVendorFunds, getFunds } from './list-funds.ts';
import { getFundHistory, getFundMakeupHistory } from './list-fund-history.ts';
import { postFund, putFund } from './save-fund.ts';
import { disableFund, enableFund } from './toggle-fund.ts';

export const routes: AreaRoutes = {
  'funds.list': getFunds,
  'funds.get': getFund,
  'funds.create': postFund,
  'funds.update': putFund,
  'funds.enable': enableFund,
  'funds.disable': disableFund,
  'funds.history': getFundHistory,
  'funds.makeupHistory': getFundMakeupHistory,
  'funds.campaignVendorFunds': getCampaignVendorFunds,
  'funds.saveCampaignVendorFunds': putCampaignVendorFunds,
  'funds.enableCampaignVendorFund': enableCampaignVendorFund,
  'funds.disableCampaignVendorFund': disableCampaignVendorFund,
};
