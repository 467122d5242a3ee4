// GET partner/{vendorId}: the vendor the partner portal shows (its header: name and code).
import { ok, route } from '#platform/http.ts';
import { portalVendor } from '#core/partner/integration.ts';

export const getPartnerVendor = route('partner.vendor', {
  handle: async ({ params }) => {
    const vendor = await portalVendor(params.vendorId);
    return ok({ VendorId: vendor.vendorId, Name: vendor.name, Code: vendor.code, Status: vendor.status });
  },
});
