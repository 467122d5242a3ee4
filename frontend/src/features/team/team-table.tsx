// The agent table of My Team (spec part 1 §2.4, §9) and of the staff Agents page (part 3 §2): server-
// paged at 25 rows, sortable, with Agent ID, First Name and Last Name filters whose requests wait
// 500 ms after the last keystroke, and the Export to CSV button for the same filters and sort (a job:
// its progress shows beside the button and the file downloads when it is written). The
// Agents page adds status and type, and priority and credit line for whoever holds their permissions
// (the server sends those two columns only to them). Page, sort and applied filters live in the URL.
// Every column fits a laptop screen (1280 px and up) without scrolling the table: headers and times
// wrap between words, long names are cut with their full text as a title.
import { Box, Group, Stack } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useMe } from '@/api/get-me.ts';
import { AnchorLink } from '@/components/anchor-link.tsx';
import { formatDateTime } from '@/components/date-time.ts';
import { hasLastLead } from '@/components/last-lead.ts';
import { formatDollars } from '@/components/money.ts';
import { ServerDataTable } from '@/components/server-data-table.tsx';
import { type SetSearch, useServerTable } from '@/components/server-table.ts';
import { ColumnFilter } from '@/components/column-filter.tsx';
import { AGENT_LIST_FILTER_DEBOUNCE_MS, AGENT_LIST_PAGE_SIZE, type AgentSortColumn } from '#shared/agent-list.ts';
import { useAgentList, type TeamRow } from './api/list-agents.ts';
import { ExportAgentsButton } from './export-agents-button.tsx';
import { filterQuery, teamQuery, type TeamFilters, type TeamSort } from './team-query.ts';
import { TEAM_FILTER_KEYS, type TeamSearch } from './team-search.ts';
import classes from './team-table.module.css';

const FILTER_LABELS: Record<keyof TeamFilters, string> = { AgentId: 'Agent ID', FirstName: 'First Name', LastName: 'Last Name' };

/** A name; in the table one longer than 7rem is cut with an ellipsis, its title holding it whole. */
function NameCell({ name }: { name: string }) {
  return (
    <Box className={classes.name} title={name}>
      {name}
    </Box>
  );
}

/** The date and the time of 'M/D/YYYY, h:mm:ss A', each kept whole, so a narrow column puts them on two lines. */
function DateTimeCell({ value, timeZone }: { value: string; timeZone: string | null }) {
  const [day, time] = formatDateTime(value, timeZone).split(', ');
  return (
    <>
      <Box component="span" style={{ whiteSpace: 'nowrap' }}>
        {day},
      </Box>{' '}
      <Box component="span" style={{ whiteSpace: 'nowrap' }}>
        {time}
      </Box>
    </>
  );
}

/** Which screen the table is on: My Team, or the staff Agents page with its extra columns. */
export type AgentTableVariant = 'team' | 'agents';

export function TeamTable({ search, setSearch, variant = 'team' }: { search: TeamSearch; setSearch: SetSearch<TeamSearch>; variant?: AgentTableVariant }) {
  const user = useMe();
  const timeZone = user.Account?.TimeZone ?? null;
  // Page, sort and the applied filters are the URL's; filter text reaches it once typing pauses.
  const table = useServerTable({ search, setSearch, filterKeys: TEAM_FILTER_KEYS, debounceMs: AGENT_LIST_FILTER_DEBOUNCE_MS });
  const filters: TeamFilters = table.appliedFilters;
  const sort: TeamSort = { column: search.sort as AgentSortColumn, descending: search.desc };
  const [firstAnswered, setFirstAnswered] = useState(false);

  const list = useAgentList(teamQuery({ page: table.page, filters, sort, firstAnswered }));
  // Set while rendering rather than in an effect, so the page-of-25 request starts in the same pass.
  if (!firstAnswered && list.isSuccess) setFirstAnswered(true);

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
    { accessor: 'AgentId', title: 'Agent ID', sortable: true },
    { accessor: 'FirstName', title: 'First Name', sortable: true, render: (row) => <NameCell name={row.FirstName} /> },
    { accessor: 'LastName', title: 'Last Name', sortable: true, render: (row) => <NameCell name={row.LastName} /> },
    {
      accessor: 'LastLoginDateTime',
      title: 'Last Login',
      sortable: true,
      render: (row) => (row.LastLoginDateTime ? <DateTimeCell value={row.LastLoginDateTime} timeZone={timeZone} /> : ''),
    },
    {
      accessor: 'LastLeadDateTime',
      title: 'Last Lead Date Time',
      sortable: true,
      // Blank like Last Login when there is none; a column of N/A would bury the real times.
      render: (row) => (hasLastLead(row.LastLeadDateTime) ? <DateTimeCell value={row.LastLeadDateTime} timeZone={timeZone} /> : ''),
    },
    {
      // Amounts have no spaces, so they stay on one line while the title wraps.
      accessor: 'CurrentBalance',
      title: 'Current Balance',
      sortable: true,
      textAlign: 'right',
      render: (row) => formatDollars(row.CurrentBalance),
    },
  ];
  if (variant === 'agents') {
    columns.push(
      { accessor: 'Status', title: 'Status', sortable: true, render: (row) => row.StatusName },
      // Captive agents are shown as Agent (part 3 §3).
      { accessor: 'Type', title: 'Type', sortable: true, render: (row) => row.TypeName },
      ...(user.Permissions.includes('CAN_VIEW_EDIT_AGENT_PRIORITY') ? [{ accessor: 'Priority', title: 'Priority', sortable: true, textAlign: 'right' as const }] : []),
      ...(user.Permissions.includes('CAN_VIEW_EDIT_AGENT_CREDIT_LINE')
        ? [{ accessor: 'CreditLine', title: 'Credit Line', sortable: true, textAlign: 'right' as const, render: (row: TeamRow) => formatDollars(row.CreditLine ?? 0) }]
        : []),
    );
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap" role="search" aria-label={variant === 'agents' ? 'Filter Agents' : 'Filter My Team'}>
          {TEAM_FILTER_KEYS.map((name) => (
            <ColumnFilter key={name} label={`Filter by ${FILTER_LABELS[name]}`} value={table.filterText[name]} onChange={(value) => table.setFilterText(name, value)} />
          ))}
        </Group>
        <ExportAgentsButton query={() => filterQuery(filters, sort)} />
      </Group>
      <ServerDataTable<TeamRow>
        className={classes.table}
        withTableBorder
        striped
        highlightOnHover
        // A little closer than the default 10 px: eleven columns fit a 1280 px laptop beside the navigation.
        horizontalSpacing={8}
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
