// Leads-area route handlers for My Leads and its two exports (see routes.ts).
import type { AreaRoutes } from '#platform/http.ts';
import { exportAdminLeadsCsv, exportAgentLeadsCsv } from './export-agent-leads.ts';
import { listAgentLeads } from './list-agent-leads.ts';

export const myLeadsRoutes: AreaRoutes = {
  'leads.listForAgent': listAgentLeads,
  'leads.agentExport': exportAgentLeadsCsv,
  'leads.adminExport': exportAdminLeadsCsv,
};
