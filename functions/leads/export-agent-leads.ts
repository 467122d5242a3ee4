// GET /api/leads/agentLeadExport|adminLeadExport/startDate/{..}/endDate/{..}/{agentId}/{all|distributed|received}?filters:
// My Leads' filtered rows as a CSV file in the exports bucket, answered with a five-minute download
// link. The admin export (staff) and an agent in fund preview get the campaign, vendor and company
// price columns too, as their table shows them.
import { exportAgentLeads } from '#core/leads/my-leads.ts';
import { ok, route } from '#platform/http.ts';
import { isStaff } from '#shared/permissions.ts';

export const exportAgentLeadsCsv = route('leads.agentExport', {
  handle: async ({ params, query, user }) => {
    const staffView = user.flags.isFundPreview || isStaff(user.flags);
    const file = await exportAgentLeads(params, query, { staffView });
    return ok({ Url: file.url, FileName: file.fileName });
  },
});

export const exportAdminLeadsCsv = route('leads.adminExport', {
  handle: async ({ params, query }) => {
    const file = await exportAgentLeads(params, query, { staffView: true });
    return ok({ Url: file.url, FileName: file.fileName });
  },
});
