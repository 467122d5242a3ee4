// Open Orders (part 3 §2, §3): Fund (All plus the funds; All is the all-zero GUID) and State (All plus
// the states), Submit, Export (a server CSV), '{n} open order(s) found' and the server-paged table, 25 a
// page, sorted by agent unless a column header says otherwise.
import { Select } from '@mantine/core';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { US_STATES } from '#shared/lookups.ts';
import { ALL_FUNDS_ID, ALL_STATES, OPEN_ORDERS_PAGE_SIZE, type OpenOrderSortColumn } from '#shared/api/reports-performance.ts';
import { ServerDataTable } from '@/components/server-data-table.tsx';
import { exportOpenOrders, useFundChoices, useOpenOrders, type OpenOrderRow, type OpenOrdersQuery } from './api/performance-reports.ts';
import { reportDate } from './report-format.ts';
import type { ReportParts } from './report-parts.ts';

export const openOrdersFoundText = (n: number) => `${n} open order(s) found`;
const STATE_OPTIONS = [{ value: ALL_STATES, label: 'All' }, ...US_STATES.map((s) => ({ value: s.StateAbbreviation, label: s.StateName }))];

export function useOpenOrdersReport(): ReportParts {
  const funds = useFundChoices();
  const [fundId, setFundId] = useState(ALL_FUNDS_ID);
  const [state, setState] = useState<string>(ALL_STATES);
  const [submitted, setSubmitted] = useState<OpenOrdersQuery>();
  const query = useOpenOrders(submitted);
  const fundOptions = [{ value: ALL_FUNDS_ID, label: 'All' }, ...[...(funds.data ?? [])].sort((a, b) => a.Name.localeCompare(b.Name)).map((f) => ({ value: f.FundId, label: f.Name }))];
  const sortStatus: DataTableSortStatus<OpenOrderRow> = { columnAccessor: submitted?.sortColumnName ?? 'AgentId', direction: submitted?.sortOrder ?? 'asc' };

  return {
    children: (
      <>
        <Select label="Fund" data={fundOptions} value={fundId} onChange={(v) => v && setFundId(v)} allowDeselect={false} searchable w={{ base: '100%', xs: 240 }} />
        <Select label="State" data={STATE_OPTIONS} value={state} onChange={(v) => v && setState(v)} allowDeselect={false} searchable w={{ base: '100%', xs: 200 }} />
      </>
    ),
    dates: false,
    onSubmit: () => setSubmitted({ fundId, state, page: 1, sortColumnName: 'AgentId', sortOrder: 'asc' }),
    loading: query.isFetching,
    onExport: () => exportOpenOrders({ fundId, state }),
    count: query.data?.TotalCount,
    countText: openOrdersFoundText,
    empty: 'criteria',
    table: query.data && submitted && (
      <ServerDataTable<OpenOrderRow>
        aria-label="Open Orders"
        withTableBorder
        striped
        idAccessor={(r) => `${r.AgentId}#${r.UserFacingOrderId}`}
        records={query.data.Data}
        fetching={query.isFetching}
        totalRecords={query.data.TotalCount}
        recordsPerPage={OPEN_ORDERS_PAGE_SIZE}
        page={submitted.page}
        onPageChange={(page) => setSubmitted({ ...submitted, page })}
        sortStatus={sortStatus}
        onSortStatusChange={(s) => setSubmitted({ ...submitted, page: 1, sortColumnName: s.columnAccessor as OpenOrderSortColumn, sortOrder: s.direction })}
        columns={[
          { accessor: 'AgentId', title: 'Agent ID', sortable: true },
          { accessor: 'UserFacingOrderId', title: 'Order ID', sortable: true },
          { accessor: 'OrderName', title: 'Order Name', sortable: true },
          { accessor: 'Funds' },
          { accessor: 'States' },
          { accessor: 'LeadCount', title: 'Lead Count', textAlign: 'right', sortable: true },
          { accessor: 'LastLeadDate', title: 'Last Lead Date', sortable: true, render: (r) => reportDate(r.LastLeadDate) },
          { accessor: 'Created', sortable: true, render: (r) => reportDate(r.Created) },
          { accessor: 'LastUpdated', title: 'Last Updated', sortable: true, render: (r) => reportDate(r.LastUpdated) },
        ]}
      />
    ),
  };
}
