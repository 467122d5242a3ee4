// The transaction table (spec part 1 §2.5, §9): 25 rows a page from the server, the starting and
// ending balance rows, dates as M/D/YYYY, h:mm:ss A in the account's time zone, and the count line.
import { Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { formatDateTime } from '@/components/date-time.ts';
import { formatDollars } from '@/components/money.ts';
import { ServerDataTable } from '@/components/server-data-table.tsx';
import type { TransactionsPage } from './api/get-transactions.ts';
import { countLine, pagerText, tableRows, type TableRow } from './transaction-table-rows.ts';

/** A zero credit or debit is left blank, as in the CSV export, so each row reads one way. */
const amount = (dollars: number) => (dollars === 0 ? '' : formatDollars(dollars));

function columnsFor(timeZone: string): DataTableColumn<TableRow>[] {
  return [
    { accessor: 'agentId', title: 'Agent ID', render: (r) => (r.kind === 'balance' ? r.agentId : r.row.AgentId) },
    { accessor: 'date', title: 'Date', render: (r) => (r.kind === 'balance' ? '' : formatDateTime(r.row.TimeStamp, timeZone)) },
    {
      accessor: 'description',
      title: 'Description',
      render: (r) => (r.kind === 'balance' ? <Text fw={700} size="sm">{r.label}</Text> : r.row.Description),
    },
    { accessor: 'type', title: 'Type', render: (r) => (r.kind === 'balance' ? '' : r.row.Type) },
    { accessor: 'credit', title: 'Credit', textAlign: 'right', render: (r) => (r.kind === 'balance' ? '' : amount(r.row.Credit)) },
    { accessor: 'debit', title: 'Debit', textAlign: 'right', render: (r) => (r.kind === 'balance' ? '' : amount(r.row.Debit)) },
    {
      accessor: 'balance',
      title: 'Balance',
      textAlign: 'right',
      render: (r) =>
        r.kind === 'balance' ? (
          <Text fw={700} size="sm">
            {formatDollars(r.balance)}
          </Text>
        ) : (
          formatDollars(r.row.RunningTotal)
        ),
    },
  ];
}

interface TransactionsTableProps {
  page: TransactionsPage;
  onPageChange: (page: number) => void;
  /** A newer page or range is on its way; the rows shown are the previous answer. */
  fetching: boolean;
}

export function TransactionsTable({ page, onPageChange, fetching }: TransactionsTableProps) {
  const tableProps = {
    withTableBorder: true,
    striped: true,
    records: tableRows(page),
    idAccessor: 'id',
    columns: columnsFor(page.TimeZone),
    customRowAttributes: (r: TableRow) => ({ 'data-row': r.kind === 'balance' ? r.id : 'transaction' }),
    rowStyle: (r: TableRow) => (r.kind === 'balance' ? { backgroundColor: 'var(--mantine-color-gray-1)' } : undefined),
    fetching,
  };
  return (
    <>
      <Text size="sm" data-testid="transaction-count">
        {countLine(page.TotalCount)}
      </Text>
      {page.TotalCount > 0 ? (
        <ServerDataTable<TableRow>
          {...tableProps}
          totalRecords={page.TotalCount}
          recordsPerPage={page.PageSize}
          page={page.Page}
          onPageChange={onPageChange}
          // The balance rows are not transactions: the pager counts transactions only, so it cannot
          // take its figures from the records shown.
          paginationText={() => pagerText(page)}
        />
      ) : (
        // An empty range has nothing to page through; the count line already says so.
        <ServerDataTable<TableRow> {...tableProps} />
      )}
    </>
  );
}
