// /reports/firstFamilyInternalLeads (firstFamilyInternalLeadsReport): Internal Leads, composed from the marketplace report's parts and the shared report frame.
import { createFileRoute } from '@tanstack/react-router';
import { useInternalLeadsReport } from '@/features/marketplace-reports/internal-leads-report.tsx';
import { ReportFrame } from '@/components/report-frame.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/reports/firstFamilyInternalLeads')({
  beforeLoad: guardPage('/reports/firstFamilyInternalLeads'),
  component: FirstFamilyInternalLeadsPage,
});

function FirstFamilyInternalLeadsPage() {
  return <ReportFrame title="Internal Leads" {...useInternalLeadsReport()} />;
}
