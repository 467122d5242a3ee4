// GET /api/lead/{leadId}: one lead for staff (CAN_VIEW_ALL_LEADS), by its user-facing number or id,
// with its sales, disputes, routing outcome and the whole decision trace ("why this lead").
import { leadDetail } from '#core/leads/all-leads.ts';
import { ok, route } from '#platform/http.ts';

export const getLead = route('leads.detail', {
  handle: async ({ params }) => ok(await leadDetail(params.leadId)),
});
