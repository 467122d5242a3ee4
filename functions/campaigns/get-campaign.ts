// GET /api/campaign/{campaignId}: the edit form's campaign with validation, bids and campaign vendors.
import { readCampaign } from '#core/catalogue/campaigns.ts';
import { ok, route } from '#platform/http.ts';
import { toCampaignDetail } from './campaign-shapes.ts';

export const getCampaign = route('campaigns.get', { handle: async ({ params }) => ok(toCampaignDetail(await readCampaign(params.campaignId))) });
