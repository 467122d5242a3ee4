// The marketplace reports (part 3 §2, §3, §7): campaign and fund performance, internal leads, open orders.
import { pending } from './define.ts';

export const performanceReportsApi = {
  'reports.campaignPerformance': pending('reports.campaignPerformance'),
  'reports.campaignSummaryPerformance': pending('reports.campaignSummaryPerformance'),
  'reports.fundPerformance': pending('reports.fundPerformance'),
  'reports.fundPerformanceExport': pending('reports.fundPerformanceExport'),
  'reports.internalLeadUsers': pending('reports.internalLeadUsers'),
  'reports.internalLeads': pending('reports.internalLeads'),
  'reports.openOrders': pending('reports.openOrders'),
  'reports.openOrdersExport': pending('reports.openOrdersExport'),
} as const;
