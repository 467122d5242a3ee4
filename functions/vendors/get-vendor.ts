// GET vendor/{id}, its assigned campaigns and its dispute reasons.
import { assignedCampaigns, disputeReasonsOf, readVendor } from '#core/catalogue/vendors.ts';
import { ok, route } from '#platform/http.ts';
import { toVendorCampaign, toVendorDetails } from './vendor-shapes.ts';

export const getVendor = route('vendors.get', { handle: async ({ params }) => ok(toVendorDetails(await readVendor(params.vendorId))) });

export const getVendorCampaigns = route('vendors.campaignVendors', {
  handle: async ({ params }) => ok((await assignedCampaigns(params.vendorId)).map(toVendorCampaign)),
});

export const getDisputeReasons = route('vendors.disputeReasons', {
  handle: async ({ params }) =>
    ok((await disputeReasonsOf(params.vendorId)).map((r) => ({ VendorReason: r.vendorReason, UserFacingReason: r.userFacingReason }))),
});
