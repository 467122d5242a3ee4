// /reports/openOrders (openOrders): Open Orders, composed from the marketplace report's parts and the shared report frame.
import { createFileRoute } from '@tanstack/react-router';
import { useOpenOrdersReport } from '@/features/marketplace-reports/open-orders-report.tsx';
import { ReportFrame } from '@/components/report-frame.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/reports/openOrders')({
  beforeLoad: guardPage('/reports/openOrders'),
  component: OpenOrdersPage,
});

function OpenOrdersPage() {
  return <ReportFrame title="Open Orders" {...useOpenOrdersReport()} />;
}
