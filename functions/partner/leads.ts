// GET /api/partner/{vendorId}/leads and /leads/{leadId}: the partner portal's Leads (issue 24), one page
// of the vendor's leads with each one's outcome and reasons, and one lead with the consent evidence the
// vendor sent and its returns; another vendor's lead answers 404.
import { listPartnerLeads, partnerLeadDetail } from '#core/partner/data-leads.ts';
import { ok, route } from '#platform/http.ts';

export const listLeads = route('partner.leads', {
  handle: async ({ params, query }) => ok(await listPartnerLeads(params.vendorId, query)),
});

export const getLead = route('partner.lead', {
  handle: async ({ params }) => ok(await partnerLeadDetail(params.vendorId, params.leadId)),
});
