// GET /api/partner/{vendorId}/summary?from&to: the partner Home's figures (issue 24), the vendor's
// leads per reporting day by outcome and their revenue at the vendor's price.
import { vendorSummary } from '#core/partner/data-summary.ts';
import { ok, route } from '#platform/http.ts';

export const getPartnerSummary = route('partner.summary', {
  handle: async ({ params, query }) => ok(await vendorSummary(params.vendorId, query)),
});
