// POST /api/vendor/{vendorId}/sandboxToken (issue 24): a new sandbox token for the vendor, shown this
// once; the old one stops working at once and the real token is untouched (core/leads/sandbox.ts).
import { rotateSandboxToken } from '#core/catalogue/vendors.ts';
import { ok, route } from '#platform/http.ts';

export const rotateSandboxTokenRoute = route('vendors.rotateSandboxToken', {
  handle: async ({ user, params }) => {
    const rotated = await rotateSandboxToken(user, params.vendorId);
    return ok({ VendorId: params.vendorId, Revision: rotated.revision, ModifiedBy: rotated.modifiedBy, LastUpdated: rotated.lastUpdated, Token: rotated.token, TokenLastFour: rotated.lastFour });
  },
});
