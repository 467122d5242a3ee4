// Reports-area route handlers for campaign and fund performance, internal leads and open orders (see routes.ts).
import type { AreaRoutes } from '#platform/http.ts';
import { getCampaignPerformance, getCampaignSummaryPerformance } from './campaign-performance.ts';
import { exportFundPerformanceCsv, getFundPerformance } from './fund-performance.ts';
import { exportInternalLeadsCsv, listInternalLeads, listInternalLeadSources, listInternalLeadsPage } from './internal-leads.ts';
import { exportOpenOrdersCsv, listOpenOrders } from './open-orders.ts';

export const performanceReportRoutes: AreaRoutes = {
  'reports.campaignPerformance': getCampaignPerformance,
  'reports.campaignSummaryPerformance': getCampaignSummaryPerformance,
  'reports.fundPerformance': getFundPerformance,
  'reports.fundPerformanceExport': exportFundPerformanceCsv,
  'reports.internalLeadUsers': listInternalLeadSources,
  'reports.internalLeads': listInternalLeads,
  'reports.internalLeadsPage': listInternalLeadsPage,
  'reports.internalLeadsExport': exportInternalLeadsCsv,
  'reports.openOrders': listOpenOrders,
  'reports.openOrdersExport': exportOpenOrdersCsv,
};
