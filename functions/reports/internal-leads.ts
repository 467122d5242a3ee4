// GET /api/internalleadusers (the sources: contract maps) and
// GET /api/internalleadsreport/start/{yyyyMMddHHmmss}/end/{yyyyMMddHHmmss}/lead/{source}.
import { internalLeads, internalLeadSources } from '#core/reports/internal-leads-report.ts';
import { ok, route } from '#platform/http.ts';

export const listInternalLeadSources = route('reports.internalLeadUsers', {
  handle: async () => ok(await internalLeadSources()),
});

export const listInternalLeads = route('reports.internalLeads', {
  handle: async ({ params }) => ok(await internalLeads(params)),
});
