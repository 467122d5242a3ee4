// GET /api/leadstable/startDate/{YYYY-MM-DD}/endDate/{YYYY-MM-DD}: All Leads (spec part 3 §2, §7), one
// page of the range's leads in arrival order, filtered by campaign, vendor, lead ID and phone.
import { listAllLeads } from '#core/leads/all-leads.ts';
import { ok, route } from '#platform/http.ts';

export const listAllLeadsPage = route('leads.table', {
  handle: async ({ params, query }) => {
    const page = await listAllLeads(params, query);
    return ok({ Data: page.rows, Pages: page.pages, TotalCount: page.totalCount });
  },
});
