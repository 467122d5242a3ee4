// The My Team table (spec part 1 §2.4, §9): server-paged at 25 rows, sortable, with Agent ID, First
// Name and Last Name column filters whose requests wait 500 ms after the last keystroke, and the
// Export to CSV button for the same filters and sort.
import { ActionIcon, Button, Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { useMe } from '@/api/get-me.ts';
import { AnchorLink } from '@/components/anchor-link.tsx';
import { formatDateTime } from '@/components/date-time.ts';
import { hasLastLead } from '@/components/last-lead.ts';
import { formatDollars } from '@/components/money.ts';
import { AGENT_LIST_FILTER_DEBOUNCE_MS, AGENT_LIST_PAGE_SIZE, type AgentSortColumn } from '#shared/agent-list.ts';
import { useExportAgents } from './api/export-agents.ts';
import { useAgentList, type TeamRow } from './api/list-agents.ts';
import { DEFAULT_SORT, filterQuery, NO_FILTERS, teamQuery, type TeamFilters, type TeamSort } from './team-query.ts';

const FILTER_LABELS: Record<keyof TeamFilters, string> = { AgentId: 'Agent ID', FirstName: 'First Name', LastName: 'Last Name' };

function ColumnFilter({ name, value, onChange }: { name: keyof TeamFilters; value: string; onChange: (value: string) => void }) {
  const label = `Filter by ${FILTER_LABELS[name]}`;
  return (
    <TextInput
      label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maxLength={100}
      data-autofocus
      rightSection={
        value ? (
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Clear ${label}`} onClick={() => onChange('')}>
            ×
          </ActionIcon>
        ) : null
      }
    />
  );
}

export function TeamTable() {
  const user = useMe();
  const timeZone = user.Account?.TimeZone ?? null;
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<TeamSort>(DEFAULT_SORT);
  const [filters, setFilters] = useState<TeamFilters>(NO_FILTERS);
  const [debouncedFilters] = useDebouncedValue(filters, AGENT_LIST_FILTER_DEBOUNCE_MS);
  const [appliedFilters, setAppliedFilters] = useState(debouncedFilters);
  const [firstAnswered, setFirstAnswered] = useState(false);
  // New filters start again at page 1, when they apply rather than on each keystroke, so typing
  // sends no request of its own. Adjusted while rendering, before the query below reads the page.
  if (appliedFilters !== debouncedFilters) {
    setAppliedFilters(debouncedFilters);
    setPage(1);
  }

  const list = useAgentList(teamQuery({ page, filters: debouncedFilters, sort, firstAnswered }));
  // Set while rendering rather than in an effect, so the page-of-25 request starts in the same pass.
  if (!firstAnswered && list.isSuccess) setFirstAnswered(true);
  const exporter = useExportAgents();

  const setFilter = (name: keyof TeamFilters, value: string) => setFilters((current) => ({ ...current, [name]: value }));
  const filterColumn = (name: keyof TeamFilters) => ({
    filter: <ColumnFilter name={name} value={filters[name]} onChange={(value) => setFilter(name, value)} />,
    filtering: filters[name].trim() !== '',
  });

  const columns: DataTableColumn<TeamRow>[] = [
    {
      accessor: 'manage',
      title: '',
      render: (row) => (
        <AnchorLink to="/agent/manage/$agentID" params={{ agentID: row.AgentId }} size="sm">
          Manage
        </AnchorLink>
      ),
    },
    { accessor: 'AgentId', title: 'Agent ID', sortable: true, ...filterColumn('AgentId') },
    { accessor: 'FirstName', title: 'First Name', sortable: true, ...filterColumn('FirstName') },
    { accessor: 'LastName', title: 'Last Name', sortable: true, ...filterColumn('LastName') },
    {
      accessor: 'LastLoginDateTime',
      title: 'Last Login',
      sortable: true,
      noWrap: true,
      render: (row) => (row.LastLoginDateTime ? formatDateTime(row.LastLoginDateTime, timeZone) : ''),
    },
    {
      accessor: 'LastLeadDateTime',
      title: 'Last Lead Date Time',
      sortable: true,
      noWrap: true,
      // Blank like Last Login when there is none; a column of N/A would bury the real times.
      render: (row) => (hasLastLead(row.LastLeadDateTime) ? formatDateTime(row.LastLeadDateTime, timeZone) : ''),
    },
    {
      accessor: 'CurrentBalance',
      title: 'Current Balance',
      sortable: true,
      noWrap: true,
      textAlign: 'right',
      render: (row) => formatDollars(row.CurrentBalance),
    },
  ];

  const sortStatus: DataTableSortStatus<TeamRow> = { columnAccessor: sort.column, direction: sort.descending ? 'desc' : 'asc' };

  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button variant="light" loading={exporter.isPending} onClick={() => exporter.mutate(filterQuery(debouncedFilters, sort))}>
          Export to CSV
        </Button>
      </Group>
      <DataTable<TeamRow>
        withTableBorder
        striped
        highlightOnHover
        minHeight={180}
        idAccessor="AgentId"
        columns={columns}
        records={list.data?.Results ?? []}
        fetching={list.isFetching}
        totalRecords={list.data?.Metadata.TotalCount ?? 0}
        recordsPerPage={AGENT_LIST_PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        sortStatus={sortStatus}
        onSortStatusChange={(status) => {
          setSort({ column: status.columnAccessor as AgentSortColumn, descending: status.direction === 'desc' });
          setPage(1);
        }}
        noRecordsText="No data to display."
        paginationText={({ from, to, totalRecords }) => `${from}-${to} of ${totalRecords}`}
      />
    </Stack>
  );
}
