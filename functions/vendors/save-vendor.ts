// POST vendor (create; answers the VendorId) and PATCH vendor (update at the revision read; answers the vendor).
import { createVendor, readVendor, updateVendor } from '#core/catalogue/vendors.ts';
import { ok, route } from '#platform/http.ts';
import { toVendorDetails } from './vendor-shapes.ts';

export const createVendorRoute = route('vendors.create', {
  handle: async ({ user, body }) => ok({ VendorId: await createVendor(user, body) }),
});

export const updateVendorRoute = route('vendors.update', {
  handle: async ({ user, body }) => {
    const { VendorId, Revision, ...form } = body;
    await updateVendor(user, VendorId, Revision, form);
    return ok(toVendorDetails(await readVendor(VendorId)));
  },
});
