// GET /api/campaign: every campaign by name, or only the current (or only the pending and expired) ones.
import { listCampaigns } from '#core/catalogue/campaigns.ts';
import { ok, route } from '#platform/http.ts';
import { toCampaign } from './campaign-shapes.ts';

export const getCampaigns = route('campaigns.list', {
  handle: async ({ query }) => {
    const now = new Date().toISOString();
    const current = query.current === undefined ? undefined : query.current === 'true';
    return ok((await listCampaigns(current, now)).map((c) => toCampaign(c, now)));
  },
});
