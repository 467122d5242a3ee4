// The paged table every server-paged list uses: mantine-datatable on wide screens, and under 700 px
// a stack of cards, one a record, each column as a labelled line, with the same pager, so a phone
// never hides columns off-screen (issue 7 §4). Sorting and paging stay in the caller's hands (the
// URL, through useServerTable).
import 'mantine-datatable/styles.css';
import { Card, Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';

/** The width below which the app is in its phone layout (the header's own breakpoint). */
export const PHONE_QUERY = '(max-width: 699px)';

export type ServerDataTableProps<T> = Parameters<typeof DataTable<T>>[0] & { columns: DataTableColumn<T>[] };

export function ServerDataTable<T>(props: ServerDataTableProps<T>) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  // A table wider than the screen scrolls; keyboard users reach its scroll area through a tab stop.
  if (phone) return <RecordCards {...props} />;
  // The cast: spreading one member of DataTable's props union onto the caller's is not narrowed by TypeScript.
  const tableProps = { ...props, ...emptyStateWhileRows(props.records, props.fetching) } as ServerDataTableProps<T>;
  return <DataTable<T> scrollAreaProps={{ viewportProps: { tabIndex: 0 } }} {...tableProps} />;
}

/**
 * mantine-datatable keeps its empty state (icon and noRecordsText) in the page at all times and only
 * fades it out (opacity 0) while rows show, so screen readers read 'No records' over a full table.
 * Spread these props on a DataTable to put nothing there unless the table really is empty.
 */
export function emptyStateWhileRows(records: readonly unknown[] | undefined, fetching: boolean | undefined): { emptyState?: ReactNode } {
  return records?.length || fetching ? { emptyState: <></> } : {};
}

const PAGER_LABELS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

function cellOf<T>(column: DataTableColumn<T>, record: T, index: number): ReactNode {
  if (column.render) return column.render(record, index);
  const value = (record as Record<string, unknown>)[String(column.accessor)];
  return value === null || value === undefined ? '' : String(value);
}

function RecordCards<T>(props: ServerDataTableProps<T>) {
  const { columns, records = [], idAccessor = 'id', fetching, noRecordsText } = props;
  const paged = props as { page?: number; onPageChange?: (page: number) => void; totalRecords?: number; recordsPerPage?: number; paginationText?: (p: { from: number; to: number; totalRecords: number }) => ReactNode };
  const rowAttributes = (props as { customRowAttributes?: (record: T, index: number) => Record<string, unknown> }).customRowAttributes;
  const keyOf = (record: T, index: number) => {
    const key = typeof idAccessor === 'function' ? idAccessor(record) : (record as Record<string, unknown>)[String(idAccessor)];
    return String(key ?? index);
  };
  const total = paged.totalRecords ?? 0;
  const perPage = paged.recordsPerPage ?? (records.length || 1);
  const page = paged.page ?? 1;
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);

  return (
    <Stack gap="xs" data-layout="cards" aria-busy={fetching || undefined}>
      {records.length === 0 && (
        <Text size="sm" c="dimmed">
          {noRecordsText ?? 'No records'}
        </Text>
      )}
      {records.map((record, index) => (
        <Card key={keyOf(record, index)} withBorder padding="sm" role="group" {...(rowAttributes?.(record, index) ?? {})}>
          <Stack gap={2}>
            {columns.map((column) => {
              const cell = cellOf(column, record, index);
              if (cell === '' || cell === null || cell === undefined) return null;
              const title = typeof column.title === 'string' ? column.title : String(column.accessor);
              return (
                <Group key={String(column.accessor)} justify="space-between" gap="xs" wrap="nowrap">
                  {title && (
                    <Text size="xs" c="dimmed" fw={600}>
                      {title}
                    </Text>
                  )}
                  <Text size="sm" component="div" ta="right" style={{ overflowWrap: 'anywhere' }}>
                    {cell}
                  </Text>
                </Group>
              );
            })}
          </Stack>
        </Card>
      ))}
      {paged.onPageChange && total > 0 && (
        <Group justify="space-between" gap="xs">
          <Text size="sm">{paged.paginationText ? paged.paginationText({ from, to, totalRecords: total }) : `${from} - ${to} / ${total}`}</Text>
          {fetching && <Loader size="xs" />}
          <Pagination
            size="sm"
            total={Math.ceil(total / perPage)}
            value={page}
            onChange={paged.onPageChange}
            siblings={0}
            // The arrows are icons: screen readers need their names.
            getControlProps={(control) => ({ 'aria-label': PAGER_LABELS[control] })}
          />
        </Group>
      )}
    </Stack>
  );
}
