// /reports/campaignSummaryPerformance (campaignSummaryPerformance): Campaign Summary Performance, composed from the marketplace report's parts and the shared report frame.
import { createFileRoute } from '@tanstack/react-router';
import { useCampaignSummaryReport } from '@/features/marketplace-reports/campaign-performance-report.tsx';
import { ReportFrame } from '@/components/report-frame.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/reports/campaignSummaryPerformance')({
  beforeLoad: guardPage('/reports/campaignSummaryPerformance'),
  component: CampaignSummaryPerformancePage,
});

function CampaignSummaryPerformancePage() {
  return <ReportFrame title="Campaign Summary Performance" {...useCampaignSummaryReport()} />;
}
