// POST /api/campaign/{campaignId}/Activate and /Inactive: the list's active toggle.
import { setCampaignStatus } from '#core/catalogue/campaigns.ts';
import { noContent, route } from '#platform/http.ts';

export const activateCampaign = route('campaigns.activate', {
  handle: async ({ params, user }) => {
    await setCampaignStatus(params.campaignId, 1, user);
    return noContent();
  },
});

export const deactivateCampaign = route('campaigns.deactivate', {
  handle: async ({ params, user }) => {
    await setCampaignStatus(params.campaignId, 0, user);
    return noContent();
  },
});
