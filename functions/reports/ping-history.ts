// GET /api/lead/pinghistory/startDate/{day}/endDate/{day}/campaign/{code}/vendor/{code}: Ping History's
// page of live-transfer pings of one campaign and vendor (25 rows by default, by Timestamp).
import { ok, route } from '#platform/http.ts';
import { pingHistoryPage } from '#core/reports/ping-history-report.ts';

export const listPingHistory = route('reports.pingHistory', {
  handle: async ({ params, query }) => ok(await pingHistoryPage(params, query)),
});
