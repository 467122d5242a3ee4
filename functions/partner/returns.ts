// GET /api/partner/{vendorId}/returns: the partner portal's Returns (issue 24), the disputes of the
// vendor's leads with the reason, the decision and its evidence.
import { listPartnerReturns } from '#core/partner/data-returns.ts';
import { ok, route } from '#platform/http.ts';

export const listReturns = route('partner.returns', {
  handle: async ({ params, query }) => ok(await listPartnerReturns(params.vendorId, query)),
});
