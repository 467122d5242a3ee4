// POST and PATCH /api/campaign/start/{startDate}/end/{endDate}: create (200 with the CampaignId) and
// update (204) of the campaign with its validation criteria and bid table, one transaction each.
import { createCampaign, updateCampaign } from '#core/catalogue/campaigns.ts';
import { noContent, ok, route } from '#platform/http.ts';

export const postCampaign = route('campaigns.create', {
  handle: async ({ params, body, user }) => ok({ CampaignId: await createCampaign(body, params, user) }),
});

export const patchCampaign = route('campaigns.update', {
  handle: async ({ params, body, user }) => {
    await updateCampaign(body, params, user);
    return noContent();
  },
});
