// Reports-area route handlers for Ping History (see routes.ts).
import type { AreaRoutes } from '#platform/http.ts';
import { listPingHistory } from './ping-history.ts';
import { exportPingHistoryCsv } from './ping-history-export.ts';

export const pingReportRoutes: AreaRoutes = {
  'reports.pingHistory': listPingHistory,
  'reports.pingHistoryExport': exportPingHistoryCsv,
};
