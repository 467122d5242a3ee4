// A history dialog of My Orders (spec part 2 §2): the rows in a table filtered by any column, 10 a
// page, and CSV Export of the filtered rows. Status History and Modification History both use it.
import { Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { downloadFile } from '@/components/download.ts';
import { ServerDataTable } from '@/components/server-data-table.tsx';
import { csvFileName, filterRows, historyCsv, type HistoryColumn } from './history-csv.ts';

export const HISTORY_PAGE_SIZE = 10;

export interface HistoryDialogProps<T> {
  title: string;
  /** What the CSV file is named after, before its date. */
  fileSubject: string;
  rows: readonly T[] | undefined;
  loading: boolean;
  columns: readonly HistoryColumn<T>[];
  timeZone: string | null | undefined;
  onClose: () => void;
}

function saveCsv(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  downloadFile(url, fileName);
  // The click has handed the file over; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function HistoryDialog<T>({ title, fileSubject, rows, loading, columns, timeZone, onClose }: HistoryDialogProps<T>) {
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const filtered = filterRows(rows ?? [], columns, filter);
  const pages = Math.max(1, Math.ceil(filtered.length / HISTORY_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = filtered.slice((current - 1) * HISTORY_PAGE_SIZE, current * HISTORY_PAGE_SIZE);
  const records = shown.map((row, index) => ({ row, key: `${(current - 1) * HISTORY_PAGE_SIZE + index}` }));

  return (
    <Modal opened onClose={onClose} title={title} size="90rem" centered>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="sm">
          <TextInput
            label="Filter"
            placeholder="Any column"
            value={filter}
            onChange={(event) => {
              setFilter(event.currentTarget.value);
              setPage(1);
            }}
            style={{ flex: '1 1 12rem', maxWidth: '24rem' }}
          />
          <Button variant="outline" disabled={filtered.length === 0} onClick={() => saveCsv(historyCsv(filtered, columns), csvFileName(fileSubject, new Date(), timeZone))}>
            CSV Export
          </Button>
        </Group>
        {loading ? (
          <Loader size="sm" role="status" aria-label={`Loading the ${title.toLowerCase()}`} />
        ) : (
          <ServerDataTable<{ row: T; key: string }>
            aria-label={title}
            withTableBorder
            striped
            idAccessor="key"
            records={records}
            noRecordsText="No history found"
            minHeight={records.length === 0 ? 90 : undefined}
            totalRecords={filtered.length}
            recordsPerPage={HISTORY_PAGE_SIZE}
            page={current}
            onPageChange={setPage}
            columns={columns.map((column, index) => ({ accessor: `c${index}`, title: column.title, render: ({ row }: { row: T }) => (column.cell ?? column.text)(row) }))}
          />
        )}
        <Text size="xs" c="dimmed">
          {filtered.length} of {rows?.length ?? 0} entries
        </Text>
      </Stack>
    </Modal>
  );
}
