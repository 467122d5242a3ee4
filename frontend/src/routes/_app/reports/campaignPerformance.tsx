// /reports/campaignPerformance (campaignPerformance): Campaign Performance, composed from the marketplace report's parts and the shared report frame.
import { createFileRoute } from '@tanstack/react-router';
import { useCampaignPerformanceReport } from '@/features/marketplace-reports/campaign-performance-report.tsx';
import { ReportFrame } from '@/components/report-frame.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/reports/campaignPerformance')({
  beforeLoad: guardPage('/reports/campaignPerformance'),
  component: CampaignPerformancePage,
});

function CampaignPerformancePage() {
  return <ReportFrame title="Campaign Performance" {...useCampaignPerformanceReport()} />;
}
