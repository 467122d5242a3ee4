// GET /api/campaignperformance/start/{YYYY-MM-DD}/end/{YYYY-MM-DD} and campaignsummaryperformance: the
// performance of each fund, vendor and campaign (or each campaign and vendor) from the day aggregates.
import { campaignPerformance, campaignSummaryPerformance } from '#core/reports/performance-reports.ts';
import { ok, route } from '#platform/http.ts';

export const getCampaignPerformance = route('reports.campaignPerformance', {
  handle: async ({ params }) => ok({ Result: await campaignPerformance(params) }),
});

export const getCampaignSummaryPerformance = route('reports.campaignSummaryPerformance', {
  handle: async ({ params }) => ok({ Result: await campaignSummaryPerformance(params) }),
});
