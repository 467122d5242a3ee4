// The vendor changes made outside the form: Activate/Inactive, a new API token, an administrator.
import { assignVendorAdmin, rotateVendorToken, setVendorStatus, type RevisionStamp } from '#core/catalogue/vendors.ts';
import { ok, route } from '#platform/http.ts';
import { mailerFromEnv } from '#platform/mailer.ts';
import { VENDOR_ADMIN_ROLE } from '#shared/vendors.ts';

const audit = (vendorId: string, s: RevisionStamp) => ({ VendorId: vendorId, Revision: s.revision, ModifiedBy: s.modifiedBy, LastUpdated: s.lastUpdated });

export const activateVendor = route('vendors.activate', {
  handle: async ({ user, params }) => ok({ ...audit(params.vendorId, await setVendorStatus(user, params.vendorId, 1)), Status: 1 as const }),
});

export const deactivateVendor = route('vendors.deactivate', {
  handle: async ({ user, params }) => ok({ ...audit(params.vendorId, await setVendorStatus(user, params.vendorId, 0)), Status: 0 as const }),
});

export const rotateToken = route('vendors.rotateToken', {
  handle: async ({ user, params }) => {
    const rotated = await rotateVendorToken(user, params.vendorId);
    return ok({ ...audit(params.vendorId, rotated), Token: rotated.token, TokenLastFour: rotated.lastFour });
  },
});

export const assignAdmin = route('vendors.assignAdmin', {
  handle: async ({ user, params }) => {
    const stamp = await assignVendorAdmin(user, params.vendorId, params.email, mailerFromEnv());
    return ok({ ...audit(params.vendorId, stamp), AdminEmail: params.email, Role: VENDOR_ADMIN_ROLE });
  },
});
