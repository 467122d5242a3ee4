// What the partner portal's Leads and Returns pages share (issue 24): the URL edits (a filter change
// starts again at page 1; the open lead), the filter bar with its date range, the columns that open a
// lead, and the frame below the filters: the count line, the server's error, the server-paged table
// and the lead drawer the URL opens.
import { Button, SimpleGrid, type SimpleGridProps, Text, TextInput } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { ServerDataTable, type ServerDataTableProps } from '@/components/server-data-table.tsx';
import type { SetSearch } from '@/components/server-table.ts';
import { PARTNER_PAGE_SIZE } from '#shared/api/partner-data.ts';
import { LeadDrawer } from './leads-drawer.tsx';

/** The URL params both pages keep: the date range, the page and the lead whose drawer is open. */
export interface PartnerListSearch {
  from?: string;
  to?: string;
  page: number;
  lead?: string;
}

/** A filter change (back to page 1) and opening or closing a lead's drawer, written to the URL. */
export function partnerListEdits<S extends PartnerListSearch>(setSearch: SetSearch<S>) {
  return {
    change: (update: Partial<S>) => setSearch((current) => ({ ...current, ...update, page: 1 })),
    open: (lead: string | undefined) => setSearch((current) => ({ ...current, lead })),
  };
}

interface PartnerFiltersProps {
  /** The filter bar's name, e.g. "Filter leads". */
  label: string;
  cols: SimpleGridProps['cols'];
  /** The date fields' labels. */
  fromLabel: string;
  toLabel: string;
  range: { from: string; to: string };
  /** What is wrong with the range, shown under its first field. */
  problem: string | undefined;
  change: (update: { from?: string; to?: string }) => void;
  /** The page's own filters, after the dates. */
  children: ReactNode;
}

/** The filter bar: the date range (an emptied field changes nothing), then the page's own filters. */
export function PartnerFilters({ label, cols, fromLabel, toLabel, range, problem, change, children }: PartnerFiltersProps) {
  return (
    <SimpleGrid cols={cols} spacing="sm" role="search" aria-label={label}>
      <TextInput label={fromLabel} type="date" value={range.from} onChange={(e) => e.currentTarget.value && change({ from: e.currentTarget.value })} error={problem} />
      <TextInput label={toLabel} type="date" value={range.to} onChange={(e) => e.currentTarget.value && change({ to: e.currentTarget.value })} />
      {children}
    </SimpleGrid>
  );
}

interface LeadRef {
  LeadId: string;
  UserFacingLeadId: number;
  SourceId: string;
}

/** The Lead ID column: a button that opens the lead's drawer. */
export function leadIdColumn<R extends LeadRef>(open: (lead: string) => void): DataTableColumn<R> {
  return {
    accessor: 'UserFacingLeadId',
    title: 'Lead ID',
    render: (r) => (
      <Button variant="subtle" size="compact-sm" px={4} aria-label={`Lead ${r.UserFacingLeadId}: details`} onClick={() => open(r.LeadId)}>
        {r.UserFacingLeadId}
      </Button>
    ),
  };
}

/** The vendor's own lead id, broken anywhere (they can be long). */
export function sourceIdColumn<R extends LeadRef>(): DataTableColumn<R> {
  return { accessor: 'SourceId', title: 'Your lead ID', render: (r) => <span style={{ overflowWrap: 'anywhere' }}>{r.SourceId}</span> };
}

interface PartnerListProps<R, S extends PartnerListSearch> {
  vendorId: string;
  search: S;
  setSearch: SetSearch<S>;
  /** The page's list call. */
  list: UseQueryResult<{ Data: R[]; TotalCount: number }>;
  /** The table's name. */
  label: string;
  /** What a row is, e.g. "lead": "2 lead(s) found", "No leads found.". */
  noun: string;
  columns: DataTableColumn<R>[];
  idAccessor: ServerDataTableProps<R>['idAccessor'];
}

/** Below the filters: the count, the server's error, the server-paged table and the open lead's drawer. */
export function PartnerList<R, S extends PartnerListSearch>({ vendorId, search, setSearch, list, label, noun, columns, idAccessor }: PartnerListProps<R, S>) {
  const page = list.data;
  return (
    <>
      <Text size="sm" aria-live="polite">
        {page ? `${page.TotalCount.toLocaleString('en-US')} ${noun}(s) found` : ''}
      </Text>
      {list.isError && (
        <Text c="red.9" role="alert">
          {list.error.message}
        </Text>
      )}
      <ServerDataTable<R>
        aria-label={label}
        withTableBorder
        striped
        minHeight={page?.Data.length ? undefined : 180}
        idAccessor={idAccessor}
        columns={columns}
        records={page?.Data ?? []}
        fetching={list.isFetching}
        totalRecords={page?.TotalCount ?? 0}
        recordsPerPage={PARTNER_PAGE_SIZE}
        page={search.page}
        onPageChange={(p) => setSearch((current) => ({ ...current, page: p }))}
        noRecordsText={`No ${noun}s found.`}
        paginationText={({ from, to, totalRecords }) => `${from}-${to} of ${totalRecords}`}
      />
      {search.lead !== undefined && <LeadDrawer vendorId={vendorId} leadId={search.lead} onClose={() => setSearch((current) => ({ ...current, lead: undefined }))} />}
    </>
  );
}
