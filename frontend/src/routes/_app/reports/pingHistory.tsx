// /reports/pingHistory (pingHistory): Ping History, the live-transfer pings of a campaign and vendor.
// The submitted criteria are the URL's search params; the shared report frame holds the dates and the
// buttons, the ping-history feature the dropdowns, the (debounced) fetch and the table.
import { createFileRoute } from '@tanstack/react-router';
import { PingHistoryFilters, PingHistoryTable, usePingHistoryReport } from '@/features/ping-history/ping-history-report.tsx';
import { pingHistorySearchSchema, type PingHistorySearch } from '@/features/ping-history/ping-history-search.ts';
import { ReportFrame } from '@/components/report-frame.tsx';
import { guardPage } from '@/routing/guard-page.ts';
import { useReplaceSearch } from '@/routing/use-replace-search.ts';

export const Route = createFileRoute('/_app/reports/pingHistory')({
  beforeLoad: guardPage('/reports/pingHistory'),
  validateSearch: pingHistorySearchSchema,
  component: PingHistoryRoute,
});

function PingHistoryRoute() {
  const navigate = Route.useNavigate();
  const setSearch = useReplaceSearch<PingHistorySearch>(navigate);
  const report = usePingHistoryReport(Route.useSearch(), setSearch);
  return (
    <ReportFrame title="Ping History" empty="criteria" {...report.frame} table={<PingHistoryTable {...report.table} />}>
      <PingHistoryFilters {...report.filters} />
    </ReportFrame>
  );
}
