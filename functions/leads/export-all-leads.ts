// POST /api/leadstable/startDate/{YYYY-MM-DD}/endDate/{YYYY-MM-DD}/export: every lead the All Leads
// filters select as a CSV file in the exports bucket, answered with a five-minute download link.
import { exportAllLeads } from '#core/leads/all-leads.ts';
import { ok, route } from '#platform/http.ts';

export const exportAllLeadsCsv = route('leads.tableExport', {
  handle: async ({ params, query }) => {
    const file = await exportAllLeads(params, query);
    return ok({ Url: file.url, FileName: file.fileName });
  },
});
