// POST /api/lead/pinghistory/export/startDate/{day}/endDate/{day}/campaign/{code}/vendor/{code}: the
// pings as a CSV file in the exports bucket, answered with a short-lived download link and its name.
import { callApi } from '@/api/client.ts';

export interface PingExportCriteria {
  campaignCode: string;
  vendorCode: string;
  startDate: string;
  endDate: string;
}

export const exportPingHistory = (c: PingExportCriteria) =>
  callApi('reports.pingHistoryExport', { params: { startDate: c.startDate, endDate: c.endDate, campaignCode: c.campaignCode, vendorCode: c.vendorCode } });
