// GET, POST, PATCH /api/campaignVendors and DELETE /api/campaignVendors/{id}: the campaign-vendor pairs.
import { createCampaignVendor, deleteCampaignVendor, listCampaignVendorRecords, updateCampaignVendor } from '#core/catalogue/campaign-vendors.ts';
import { noContent, ok, route } from '#platform/http.ts';
import { toCampaignVendorRecords } from './campaign-shapes.ts';

export const getCampaignVendors = route('campaigns.listCampaignVendors', {
  handle: async ({ user }) => {
    const { agentType, records } = await listCampaignVendorRecords(user);
    return ok(toCampaignVendorRecords(records, agentType));
  },
});

export const postCampaignVendor = route('campaigns.createCampaignVendor', {
  handle: async ({ body, user }) => ok({ CampaignVendorId: await createCampaignVendor(body, user) }),
});

export const patchCampaignVendor = route('campaigns.updateCampaignVendor', {
  handle: async ({ body, user }) => ok({ CampaignVendorId: await updateCampaignVendor(body, user) }),
});

export const removeCampaignVendor = route('campaigns.deleteCampaignVendor', {
  handle: async ({ params, user }) => {
    await deleteCampaignVendor(params.campaignVendorId, user);
    return noContent();
  },
});
