// The My Team table (spec part 1 §2.4, §9): server-paged at 25 rows, sortable, with Agent ID, First
// Name and Last Name column filters whose requests wait 500 ms after the last keystroke, and the
// Export to CSV button for the same filters and sort. Page, sort and filters live in the URL.
import { Button, CloseButton, Group, Stack, TextInput } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useMe } from '@/api/get-me.ts';
import { AnchorLink } from '@/components/anchor-link.tsx';
import { formatDateTime } from '@/components/date-time.ts';
import { hasLastLead } from '@/components/last-lead.ts';
import { formatDollars } from '@/components/money.ts';
import { type SetSearch, useServerTable } from '@/components/server-table.ts';
import { ServerDataTable } from '@/components/server-data-table.tsx';
import { AGENT_LIST_FILTER_DEBOUNCE_MS, AGENT_LIST_PAGE_SIZE } from '#shared/agent-list.ts';
import { useExportAgents } from './api/export-agents.ts';
import { useAgentList, type TeamRow } from './api/list-agents.ts';
import { filterQuery, TEAM_FILTER_KEYS, teamQueryOf, type TeamFilters, type TeamSearch } from './team-query.ts';

const FILTER_LABELS: Record<keyof TeamFilters, string> = { AgentId: 'Agent ID', FirstName: 'First Name', LastName: 'Last Name' };

// The column filters stand above the table rather than in popovers inside the sortable headers: a
// button inside a header button is a nested control screen readers cannot reach, and on a phone the
// fields stay usable when the table turns into cards.
function ColumnFilter({ name, value, onChange }: { name: keyof TeamFilters; value: string; onChange: (value: string) => void }) {
  const label = `Filter by ${FILTER_LABELS[name]}`;
  return (
    <TextInput
      label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maxLength={100}
      w={{ base: '100%', xs: 180 }}
      rightSection={
        value ? (
          <CloseButton size="sm" aria-label={`Clear ${label}`} onClick={() => onChange('')} />
        ) : null
      }
    />
  );
}

export interface TeamTableProps {
  search: TeamSearch;
  setSearch: SetSearch<TeamSearch>;
}

export function TeamTable({ search, setSearch }: TeamTableProps) {
  const user = useMe();
  const timeZone = user.Account?.TimeZone ?? null;
  const table = useServerTable({ search, setSearch, filterKeys: TEAM_FILTER_KEYS, debounceMs: AGENT_LIST_FILTER_DEBOUNCE_MS });
  const [firstAnswered, setFirstAnswered] = useState(false);
  const list = useAgentList(teamQueryOf(search, firstAnswered));
  // Set while rendering rather than in an effect, so the page-of-25 request starts in the same pass.
  if (!firstAnswered && list.isSuccess) setFirstAnswered(true);
  const exporter = useExportAgents();
  const applied = table.appliedFilters;

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
    { accessor: 'AgentId', title: 'Agent ID', sortable: true, filtering: applied.AgentId.trim() !== '' },
    { accessor: 'FirstName', title: 'First Name', sortable: true, filtering: applied.FirstName.trim() !== '' },
    { accessor: 'LastName', title: 'Last Name', sortable: true, filtering: applied.LastName.trim() !== '' },
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

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end" role="search" aria-label="Filter the team">
          {TEAM_FILTER_KEYS.map((name) => (
            <ColumnFilter key={name} name={name} value={table.filterText[name]} onChange={(value) => table.setFilterText(name, value)} />
          ))}
        </Group>
        <Button
          variant="light"
          loading={exporter.isPending}
          onClick={() => exporter.mutate(filterQuery({ AgentId: applied.AgentId, FirstName: applied.FirstName, LastName: applied.LastName }, { column: search.sort, descending: search.desc }))}
        >
          Export to CSV
        </Button>
      </Group>
      <ServerDataTable<TeamRow>
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
        page={table.page}
        onPageChange={table.setPage}
        sortStatus={table.sortStatus}
        onSortStatusChange={table.setSortStatus}
        noRecordsText="No data to display."
        paginationText={({ from, to, totalRecords }) => `${from}-${to} of ${totalRecords}`}
      />
    </Stack>
  );
}
