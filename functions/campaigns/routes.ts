// Route handlers of the campaigns area, keyed by manifest route id. Routes missing here answer 501.
import type { AreaRoutes } from '#platform/http.ts';
import { getCampaignVendors, patchCampaignVendor, postCampaignVendor, removeCampaignVendor } from './campaign-vendors.ts';
import { getDoNotCallLists, getDoNotCallRefusals, patchDoNotCallList, postDoNotCallUpload } from './do-not-call.ts';
import { getCampaign } from './get-campaign.ts';
import { getCampaigns } from './list-campaigns.ts';
import { patchCampaign, postCampaign } from './save-campaign.ts';
import { activateCampaign, deactivateCampaign } from './toggle-campaign.ts';

export const routes: AreaRoutes = {
  'campaigns.list': getCampaigns,
  'campaigns.get': getCampaign,
  'campaigns.create': postCampaign,
  'campaigns.update': patchCampaign,
  'campaigns.activate': activateCampaign,
  'campaigns.deactivate': deactivateCampaign,
  'campaigns.listCampaignVendors': getCampaignVendors,
  'campaigns.createCampaignVendor': postCampaignVendor,
  'campaigns.updateCampaignVendor': patchCampaignVendor,
  'campaigns.deleteCampaignVendor': removeCampaignVendor,
  'campaigns.doNotCallLists': getDoNotCallLists,
  'campaigns.doNotCallRefusals': getDoNotCallRefusals,
  'campaigns.doNotCallUpload': postDoNotCallUpload,
  'campaigns.doNotCallList': patchDoNotCallList,
};
