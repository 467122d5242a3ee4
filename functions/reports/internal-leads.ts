// GET /api/internalleadusers (the sources: contract maps) and
// GET /api/internalleadsreport/start/{yyyyMMddHHmmss}/end/{yyyyMMddHHmmss}/lead/{source} (the whole range),
// GET /api/internalleadsreport/page/start/.../end/.../lead/{source}?page&pageSize (one page, issue 12),
// and POST /api/internalleadsreport/export/start/.../end/.../lead/{source} (the CSV file's link, issue 12).
import { exportInternalLeads, internalLeads, internalLeadSources, internalLeadsPage } from '#core/reports/internal-leads-report.ts';
import { ok, route } from '#platform/http.ts';

export const listInternalLeadSources = route('reports.internalLeadUsers', {
  handle: async () => ok(await internalLeadSources()),
});

export const listInternalLeads = route('reports.internalLeads', {
  handle: async ({ params }) => ok(await internalLeads(params)),
});

export const exportInternalLeadsCsv = route('reports.internalLeadsExport', {
  handle: async ({ params }) => {
    const file = await exportInternalLeads(params);
    return ok({ Url: file.url, FileName: file.fileName });
  },
});

export const listInternalLeadsPage = route('reports.internalLeadsPage', {
  handle: async ({ params, query }) => {
    const page = await internalLeadsPage(params, query);
    return ok({ Data: page.rows, Pages: page.pages, TotalCount: page.totalCount });
  },
});
