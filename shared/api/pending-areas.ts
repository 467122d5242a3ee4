// Contracts of the areas whose routes are not built yet (501). Their path parameters are parsed all the
// same (ids by format and length, dates range-checked); each gets real schemas when it is built.
import { areaContract, pending } from './define.ts';

/** The leads and disputes calls (part 3 §7); not built yet. */
export const leadsApi = areaContract<'leads'>()({
  'leads.listForAgent': pending('leads.listForAgent'),
  'leads.dispute': pending('leads.dispute'),
  'leads.agentExport': pending('leads.agentExport'),
  'leads.adminExport': pending('leads.adminExport'),
  'leads.table': pending('leads.table'),
  'leads.tableExport': pending('leads.tableExport'),
});

/** The reports area's calls (part 3 §7); not built yet. Exports answer a download link, like every export. */
export const reportsApi = areaContract<'reports'>()({
  'reports.accountSummary': pending('reports.accountSummary'),
  'reports.transactionHistory': pending('reports.transactionHistory'),
  'reports.transactionHistoryExport': pending('reports.transactionHistoryExport'),
  'reports.campaignPerformance': pending('reports.campaignPerformance'),
  'reports.campaignSummaryPerformance': pending('reports.campaignSummaryPerformance'),
  'reports.fundPerformance': pending('reports.fundPerformance'),
  'reports.fundPerformanceExport': pending('reports.fundPerformanceExport'),
  'reports.internalLeadUsers': pending('reports.internalLeadUsers'),
  'reports.internalLeads': pending('reports.internalLeads'),
  'reports.openOrders': pending('reports.openOrders'),
  'reports.openOrdersExport': pending('reports.openOrdersExport'),
  'reports.pingHistory': pending('reports.pingHistory'),
  'reports.pingHistoryExport': pending('reports.pingHistoryExport'),
});
