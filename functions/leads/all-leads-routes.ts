// Leads-area route handlers for All Leads, its export and the lead detail (see routes.ts).
import type { AreaRoutes } from '#platform/http.ts';
import { exportAllLeadsCsv } from './export-all-leads.ts';
import { getLead } from './get-lead.ts';
import { listAllLeadsPage } from './list-all-leads.ts';

export const allLeadsRoutes: AreaRoutes = {
  'leads.table': listAllLeadsPage,
  'leads.tableExport': exportAllLeadsCsv,
  'leads.detail': getLead,
};
