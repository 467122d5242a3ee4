// GET /api/leads/agent/{agentId}/startDate/{YYYY-MM-DD}/endDate/{YYYY-MM-DD}?distribution&page&filters:
// My Leads' table, 10 rows a page, days in the agent's time zone (the manifest's downline rule decides
// whose leads the caller may read).
import { agentLeadsPage } from '#core/leads/my-leads.ts';
import { ok, route } from '#platform/http.ts';

export const listAgentLeads = route('leads.listForAgent', {
  handle: async ({ params, query }) => {
    const { distribution, page, ...filters } = query;
    const p = await agentLeadsPage({ ...params, distribution }, filters, page);
    return ok({
      AgentId: p.agentId,
      StartDate: p.startDate,
      EndDate: p.endDate,
      TimeZone: p.timeZone,
      Distribution: p.distribution,
      TotalCount: p.totalCount,
      Page: p.page,
      PageSize: p.pageSize,
      TotalPages: p.totalPages,
      Leads: p.leads,
      Choices: {
        Funds: p.choices.funds.map((c) => ({ Id: c.id, Name: c.name })),
        Campaigns: p.choices.campaigns.map((c) => ({ Id: c.id, Name: c.name })),
        Vendors: p.choices.vendors.map((c) => ({ Id: c.id, Name: c.name })),
      },
    });
  },
});
