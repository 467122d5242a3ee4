// The Vendors table (spec part 3 §2, §6, §9): server-paged at 10 rows, sortable, filtered by Vendor
// Name, Code and Created By (the requests wait 500 ms after the last keystroke), with the Active
// toggle (CAN_TOGGLE_VENDORS_ACTIVE), the Edit link (CAN_EDIT_VENDORS) and, for everyone who sees the
// page, the Assigned Campaigns and View Details dialogs. Page, sort and applied filters are the URL's.
import { Button, Group, Stack } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useMe } from '@/api/get-me.ts';
import { AnchorLink } from '@/components/anchor-link.tsx';
import { formatDateTime } from '@/components/date-time.ts';
import { ServerDataTable } from '@/components/server-data-table.tsx';
import { type SetSearch, useServerTable } from '@/components/server-table.ts';
import { ColumnFilter } from '@/components/column-filter.tsx';
import { VENDOR_PAGE_SIZE } from '#shared/vendors.ts';
import { useVendorTable, type VendorRow } from './api/list-vendors.ts';
import { useToggleVendor } from './api/toggle-vendor.ts';
import { AssignedCampaignsDialog } from './assigned-campaigns-dialog.tsx';
import { VendorActiveToggle } from './vendor-list-active-toggle.tsx';
import { VENDOR_LIST_FILTER_KEYS, type VendorListSearch, vendorTableRequest } from './vendor-list-search.ts';
import { VendorDetailsDialog } from './vendor-details-dialog.tsx';

type FilterKey = (typeof VENDOR_LIST_FILTER_KEYS)[number];
const FILTER_LABELS: Record<FilterKey, string> = { Name: 'Vendor Name', Code: 'Code', CreatedBy: 'Created By' };

/** As long as the server takes a filter (shared/api/vendors.ts). */

type OpenDialog = { kind: 'campaigns' | 'details'; vendor: VendorRow } | null;

export function VendorListTable({ search, setSearch }: { search: VendorListSearch; setSearch: SetSearch<VendorListSearch> }) {
  const { Permissions, Account } = useMe();
  const timeZone = Account?.TimeZone ?? null;
  const canToggle = Permissions.includes('CAN_TOGGLE_VENDORS_ACTIVE');
  const canEdit = Permissions.includes('CAN_EDIT_VENDORS');

  const table = useServerTable({ search, setSearch, filterKeys: VENDOR_LIST_FILTER_KEYS });
  const list = useVendorTable(vendorTableRequest({ ...search, ...table.appliedFilters }));
  const toggle = useToggleVendor();
  const [dialog, setDialog] = useState<OpenDialog>(null);

  const columns: DataTableColumn<VendorRow>[] = [
    {
      accessor: 'Status',
      title: 'Active',
      sortable: true,
      render: (v) => (
        <VendorActiveToggle
          vendorName={v.Name}
          active={v.Status === 1}
          canToggle={canToggle}
          pending={toggle.isPending && toggle.variables.vendorId === v.VendorId}
          onConfirm={(active) => toggle.mutateAsync({ vendorId: v.VendorId, active })}
        />
      ),
    },
    ...(canEdit
      ? [
          {
            accessor: 'edit',
            title: '',
            render: (v: VendorRow) => (
              <AnchorLink to="/vendor/edit/$vendorID" params={{ vendorID: v.VendorId }} aria-label={`Edit ${v.Name}`} size="sm">
                Edit
              </AnchorLink>
            ),
          },
        ]
      : []),
    { accessor: 'Name', title: 'Vendor Name', sortable: true },
    { accessor: 'Code', title: 'Code', sortable: true },
    {
      accessor: 'campaigns',
      title: '',
      render: (v) => (
        <Button variant="light" size="compact-sm" aria-label={`Assigned Campaigns of ${v.Name}`} onClick={() => setDialog({ kind: 'campaigns', vendor: v })}>
          Assigned Campaigns
        </Button>
      ),
    },
    // An e-mail may break anywhere rather than widen the table past the screen.
    { accessor: 'CreatedBy', title: 'Created By', sortable: true, cellsStyle: () => ({ overflowWrap: 'anywhere', minWidth: '7rem' }) },
    { accessor: 'Created', title: 'Created Date', sortable: true, render: (v) => formatDateTime(v.Created, timeZone) },
    {
      accessor: 'details',
      title: '',
      render: (v) => (
        <Button variant="light" size="compact-sm" aria-label={`View Details of ${v.Name}`} onClick={() => setDialog({ kind: 'details', vendor: v })}>
          View Details
        </Button>
      ),
    },
  ];

  const page = list.data;
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap" role="search" aria-label="Filter Vendors">
        {VENDOR_LIST_FILTER_KEYS.map((name) => (
          <ColumnFilter key={name} label={`Filter by ${FILTER_LABELS[name]}`} value={table.filterText[name]} onChange={(value) => table.setFilterText(name, value)} />
        ))}
      </Group>
      <ServerDataTable<VendorRow>
        aria-label="Vendors"
        withTableBorder
        striped
        highlightOnHover
        minHeight={page?.Vendors.length ? undefined : 180}
        idAccessor="VendorId"
        columns={columns}
        records={page?.Vendors ?? []}
        fetching={list.isFetching}
        totalRecords={page?.TotalCount ?? 0}
        recordsPerPage={VENDOR_PAGE_SIZE}
        page={table.page}
        onPageChange={table.setPage}
        sortStatus={table.sortStatus}
        onSortStatusChange={table.setSortStatus}
        noRecordsText="No vendors found."
        paginationText={({ from, to, totalRecords }) => `${from}-${to} of ${totalRecords}`}
      />
      {dialog?.kind === 'campaigns' && (
        <AssignedCampaignsDialog vendorId={dialog.vendor.VendorId} vendorName={dialog.vendor.Name} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'details' && <VendorDetailsDialog vendor={dialog.vendor} timeZone={timeZone} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
