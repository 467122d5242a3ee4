// A report's table paged in the browser (the report answers every row at once): the shared table with
// its pager, `pageSize` rows a page, back on page 1 whenever the rows change.
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { ServerDataTable } from '@/components/server-data-table.tsx';
import { pageOf } from './report-format.ts';

export interface ClientPagedTableProps<T> {
  rows: readonly T[];
  columns: DataTableColumn<T & { key: number }>[];
  pageSize: number;
  label: string;
}

export function ClientPagedTable<T>({ rows, columns, pageSize, label }: ClientPagedTableProps<T>) {
  const [state, setState] = useState({ rows, page: 1 });
  // New rows (a new Submit) start again on the first page.
  const page = state.rows === rows ? state.page : 1;
  const records = pageOf(rows, page, pageSize).map((row, i) => ({ ...row, key: (page - 1) * pageSize + i }));
  return (
    <ServerDataTable<T & { key: number }>
      aria-label={label}
      withTableBorder
      striped
      idAccessor="key"
      columns={columns}
      records={records}
      totalRecords={rows.length}
      recordsPerPage={pageSize}
      page={page}
      onPageChange={(p) => setState({ rows, page: p })}
    />
  );
}
