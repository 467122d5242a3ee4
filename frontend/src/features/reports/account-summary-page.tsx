// Account Summary (part 3 §2): a date range of at most 31 days, Submit, CSV Export (every agent, as a
// job with its progress on the page), and the agents 25 a page with their starting and ending
// balances and the net of each kind of money movement, filterable by agent id and names.
import type { DataTableColumn } from 'mantine-datatable';
import { ColumnFilter } from '@/components/column-filter.tsx';
import { ServerDataTable } from '@/components/server-data-table.tsx';
import { type SetSearch, useServerTable } from '@/components/server-table.ts';
import { LEDGER_REPORT_PAGE_SIZE, type AccountSummaryRow } from '#shared/api/reports-ledger.ts';
import { startAccountSummaryExport, useAccountSummary } from './api/ledger-reports.ts';
import { FILTER_LABELS, LEDGER_FILTER_KEYS, type AccountSummarySearch } from './ledger-report-search.ts';
import { ReportFrame } from '@/components/report-frame.tsx';
import { followExportJob } from './report-export-job.ts';
import { reportDate, reportMoney } from './report-formats.ts';

const money = (accessor: keyof AccountSummaryRow, title: string): DataTableColumn<AccountSummaryRow> => ({
  accessor,
  title,
  textAlign: 'right',
  noWrap: true,
  render: (row) => reportMoney(row[accessor] as number),
});

export const ACCOUNT_SUMMARY_COLUMNS: DataTableColumn<AccountSummaryRow>[] = [
  { accessor: 'AgentId', title: 'Agent ID', sortable: true },
  { accessor: 'FirstName', title: 'First Name', sortable: true },
  { accessor: 'LastName', title: 'Last Name', sortable: true },
  { accessor: 'Status', title: 'Status', sortable: true },
  money('StartingBalance', 'Starting Balance'),
  money('EndingBalance', 'Ending Balance'),
  money('AgentContribution', 'Agent Contribution'),
  money('CompanyMatch', 'Company Match'),
  money('LeadSpend', 'Lead Spend'),
  money('PointAndClickLeadSpend', 'Point And Click Lead Spend'),
  money('LeadBonus', 'Lead Bonus'),
  money('LeadCredit', 'Lead Credit'),
  money('LeadReimbursement', 'Lead Reimbursement'),
  money('CreditCardPayment', 'Credit Card Payment'),
  money('FundsTransfer', 'Funds Transfer'),
  money('ProStoreTransfer', 'Pro Store Transfer'),
  money('ClickToCall', 'Click To Call'),
  money('FinalAccountTermination', 'Final Account Termination'),
  money('Other', 'Other'),
  { accessor: 'TerminationDate', title: 'Termination Date', noWrap: true, render: (row) => reportDate(row.TerminationDate) },
];

export function AccountSummaryPage({ search, setSearch }: { search: AccountSummarySearch; setSearch: SetSearch<AccountSummarySearch> }) {
  const table = useServerTable({ search, setSearch, filterKeys: LEDGER_FILTER_KEYS });
  const range = search.from && search.to ? { startDate: search.from, endDate: search.to } : undefined;
  const report = useAccountSummary(
    range && { range, page: table.page, pageSize: LEDGER_REPORT_PAGE_SIZE, sort: search.sort, desc: search.desc, filters: table.appliedFilters },
  );
  return (
    <ReportFrame
      title="Account Summary"
      initialRange={range}
      onSubmit={(submitted) => submitted && setSearch((current) => ({ ...current, from: submitted.startDate, to: submitted.endDate, page: 1 }))}
      loading={report.isFetching}
      onExport={(picked, progress) => followExportJob(() => startAccountSummaryExport(picked!), progress, 'agents')}
      exportLabel="CSV Export"
      count={range && report.data ? report.data.TotalCount : undefined}
      table={
        <ServerDataTable<AccountSummaryRow>
          withTableBorder
          striped
          minHeight={180}
          idAccessor="AgentId"
          columns={ACCOUNT_SUMMARY_COLUMNS}
          records={report.data?.Result ?? []}
          fetching={report.isFetching}
          totalRecords={report.data?.TotalCount ?? 0}
          recordsPerPage={LEDGER_REPORT_PAGE_SIZE}
          page={table.page}
          onPageChange={table.setPage}
          sortStatus={table.sortStatus}
          onSortStatusChange={table.setSortStatus}
          paginationText={({ from, to, totalRecords }) => `${from}-${to} of ${totalRecords}`}
        />
      }
    >
      {LEDGER_FILTER_KEYS.map((name) => (
        <ColumnFilter key={name} label={`Filter by ${FILTER_LABELS[name]}`} value={table.filterText[name]} onChange={(value) => table.setFilterText(name, value)} />
      ))}
    </ReportFrame>
  );
}
