// POST /api/lead/pinghistory/export/startDate/{day}/endDate/{day}/campaign/{code}/vendor/{code}: the
// same pings (filters and order included) as a CSV file, answered with a five-minute download link.
import { ok, route } from '#platform/http.ts';
import { exportPingHistory } from '#core/reports/ping-history-report.ts';

export const exportPingHistoryCsv = route('reports.pingHistoryExport', {
  handle: async ({ params, query }) => {
    const file = await exportPingHistory(params, query);
    return ok({ Url: file.url, FileName: file.fileName });
  },
});
