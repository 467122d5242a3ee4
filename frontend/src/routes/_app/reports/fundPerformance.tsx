// /reports/fundPerformance (fundPerformance): Fund Performance, composed from the marketplace report's parts and the shared report frame.
import { createFileRoute } from '@tanstack/react-router';
import { useFundPerformanceReport } from '@/features/marketplace-reports/fund-performance-report.tsx';
import { ReportFrame } from '@/components/report-frame.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/reports/fundPerformance')({
  beforeLoad: guardPage('/reports/fundPerformance'),
  component: FundPerformancePage,
});

function FundPerformancePage() {
  return <ReportFrame title="Fund Performance" {...useFundPerformanceReport()} />;
}
