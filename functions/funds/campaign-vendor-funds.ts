// PUT /api/fund/campaignvendorfunds and PATCH /api/cvf/enable|disable/{id}: a campaign vendor's fund
// links (the funds' makeup), each change written with its makeup history row in one transaction.
import { saveFundSelections, setFundLinkActive } from '#core/catalogue/campaign-vendors.ts';
import { toFundRow } from '#core/catalogue/fund-row.ts';
import { noContent, ok, route } from '#platform/http.ts';

export const putCampaignVendorFunds = route('funds.saveCampaignVendorFunds', {
  handle: async ({ body, user }) => ok((await saveFundSelections(body, user)).map(toFundRow)),
});

export const enableCampaignVendorFund = route('funds.enableCampaignVendorFund', {
  handle: async ({ params, user }) => {
    await setFundLinkActive(params.campaignVendorFundId, true, user);
    return noContent();
  },
});

export const disableCampaignVendorFund = route('funds.disableCampaignVendorFund', {
  handle: async ({ params, user }) => {
    await setFundLinkActive(params.campaignVendorFundId, false, user);
    return noContent();
  },
});
