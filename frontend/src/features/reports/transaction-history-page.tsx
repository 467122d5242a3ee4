// Transaction History (part 3 §2): a date range of at most 31 days, Submit, Export (every entry of the
// range, as a job with its progress on the page), '{n} transaction(s) found' and every agent's ledger
// entries 25 a page from the server, by first name (the spec's default) unless another column is
// sorted, filterable by agent id and names.
import type { DataTableColumn } from 'mantine-datatable';
import { ColumnFilter } from '@/components/column-filter.tsx';
import { ServerDataTable } from '@/components/server-data-table.tsx';
import { type SetSearch, useServerTable } from '@/components/server-table.ts';
import { LEDGER_REPORT_PAGE_SIZE, type TransactionHistoryRow } from '#shared/api/reports-ledger.ts';
import { startTransactionHistoryExport, useTransactionHistory } from './api/ledger-reports.ts';
import { FILTER_LABELS, LEDGER_FILTER_KEYS, type TransactionHistorySearch } from './ledger-report-search.ts';
import { ReportFrame } from '@/components/report-frame.tsx';
import { followExportJob } from './report-export-job.ts';
import { reportDateTime, reportMoney } from './report-formats.ts';

export const transactionCountText = (n: number) => `${n.toLocaleString('en-US')} transaction(s) found`;

export const TRANSACTION_HISTORY_COLUMNS: DataTableColumn<TransactionHistoryRow>[] = [
  { accessor: 'AgentId', title: 'Agent ID', sortable: true },
  { accessor: 'FirstName', title: 'First Name', sortable: true },
  { accessor: 'LastName', title: 'Last Name', sortable: true },
  { accessor: 'AgentType', title: 'Agent Type' },
  { accessor: 'AgentStatus', title: 'Agent Status' },
  { accessor: 'Timestamp', title: 'Timestamp', sortable: true, noWrap: true, render: (row) => reportDateTime(row.Timestamp) },
  { accessor: 'Type', title: 'Type', sortable: true },
  { accessor: 'Credit', title: 'Credit', sortable: true, textAlign: 'right', noWrap: true, render: (row) => (row.Credit ? reportMoney(row.Credit) : '') },
  { accessor: 'Debit', title: 'Debit', sortable: true, textAlign: 'right', noWrap: true, render: (row) => (row.Debit ? reportMoney(row.Debit) : '') },
  { accessor: 'Description', title: 'Description' },
  { accessor: 'VendorCode', title: 'Vendor Code' },
  { accessor: 'CampaignCode', title: 'Campaign Code' },
  { accessor: 'CompanyPurchasePrice', title: 'Company Purchase Price', textAlign: 'right', render: (row) => reportMoney(row.CompanyPurchasePrice) },
];

const rowId = (row: TransactionHistoryRow) => `${row.AgentId}#${row.Timestamp}#${row.Type}#${row.Credit}#${row.Debit}`;

export function TransactionHistoryPage({ search, setSearch }: { search: TransactionHistorySearch; setSearch: SetSearch<TransactionHistorySearch> }) {
  const table = useServerTable({ search, setSearch, filterKeys: LEDGER_FILTER_KEYS });
  const range = search.from && search.to ? { startDate: search.from, endDate: search.to } : undefined;
  const report = useTransactionHistory(
    range && { range, page: table.page, pageSize: LEDGER_REPORT_PAGE_SIZE, sort: search.sort, desc: search.desc, filters: table.appliedFilters },
  );
  return (
    <ReportFrame
      title="Transaction History"
      initialRange={range}
      onSubmit={(submitted) => submitted && setSearch((current) => ({ ...current, from: submitted.startDate, to: submitted.endDate, page: 1 }))}
      loading={report.isFetching}
      onExport={(picked, progress) => followExportJob(() => startTransactionHistoryExport(picked!), progress, 'transactions')}
      count={range && report.data ? report.data.TotalHistoryCount : undefined}
      countText={transactionCountText}
      table={
        <ServerDataTable<TransactionHistoryRow>
          withTableBorder
          striped
          minHeight={180}
          idAccessor={rowId}
          columns={TRANSACTION_HISTORY_COLUMNS}
          records={report.data?.Histories ?? []}
          fetching={report.isFetching}
          totalRecords={report.data?.TotalHistoryCount ?? 0}
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
