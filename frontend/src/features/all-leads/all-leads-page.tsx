// All Leads (spec part 3 §2, §5, §9): filters for campaign, vendor, month, year, lead ID and phone, the
// server-paged table of 10 newest first, Export, and a lead's detail (its sales and why it went where
// it went) in a drawer opened from its Lead ID. Filters and the open lead are the URL's; a URL without
// month and year opens on the month of the newest lead (find-opening-month.ts) and is given them.
import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useEffect } from 'react';
import { useMe } from '@/api/get-me.ts';
import { formatDateTime } from '@/components/date-time.ts';
import { downloadFile } from '@/components/download.ts';
import { formatPhone } from '@/components/phone.ts';
import { ServerDataTable } from '@/components/server-data-table.tsx';
import { type SetSearch, useServerTable } from '@/components/server-table.ts';
import { ALL_LEADS_PAGE_SIZE } from '#shared/api/all-leads.ts';
import { ALL_MONTHS, type AllLeadsSearch, allLeadsRequest, leadIdInput, MONTH_NAMES, openingMonths, type Period, phoneInput, phoneProblem, TEXT_FILTER_KEYS, yearChoices } from './all-leads-search.ts';
import { useOpeningMonth } from './api/find-opening-month.ts';
import { type AllLeadRow, useAllLeads, useExportAllLeads } from './api/list-all-leads.ts';
import { useCampaignChoices, useVendorChoices } from './api/list-filter-choices.ts';
import { LeadDetailDrawer } from './lead-detail-drawer.tsx';
import { STATUS_WORDS } from './lead-words.ts';

const MONTH_OPTIONS = [{ value: String(ALL_MONTHS), label: 'All months' }, ...MONTH_NAMES.map((name, i) => ({ value: String(i + 1), label: name }))];

export function AllLeadsPage({ search, setSearch }: { search: AllLeadsSearch; setSearch: SetSearch<AllLeadsSearch> }) {
  const { Account } = useMe();
  const timeZone = Account?.TimeZone ?? null;
  const table = useServerTable({ search, setSearch, filterKeys: TEXT_FILTER_KEYS });
  const filters = { ...search, ...table.appliedFilters };
  // Neither month nor year in the URL: the newest month with a lead, found first, then written there.
  const opening = useOpeningMonth(filters, search.month === undefined && search.year === undefined);
  const thisMonth = openingMonths()[0]!;
  const period: Period | undefined =
    search.month !== undefined || search.year !== undefined ? { month: search.month ?? thisMonth.month, year: search.year ?? thisMonth.year } : opening.data;
  useEffect(() => {
    const found = opening.data;
    if (found) setSearch((current) => (current.month === undefined && current.year === undefined ? { ...current, ...found } : current));
  }, [opening.data, setSearch]);
  const request = period && allLeadsRequest({ ...filters, ...period });
  const list = useAllLeads(request);
  const exporter = useExportAllLeads();
  const campaigns = useCampaignChoices();
  const vendors = useVendorChoices();
  const years = yearChoices().map(String);
  const choose = (key: 'campaign' | 'vendor', value: string | null) => setSearch((current) => ({ ...current, [key]: value ?? '', page: 1 }));
  // Picking one of month and year keeps the other as shown.
  const choosePeriod = (change: Partial<Period>) => period && setSearch((current) => ({ ...current, ...period, ...change, page: 1 }));
  const open = (lead: number | undefined) => setSearch((current) => ({ ...current, lead }));
  const phoneError = phoneProblem(table.appliedFilters.phone);

  const columns: DataTableColumn<AllLeadRow>[] = [
    {
      accessor: 'UserFacingLeadId',
      title: 'Lead ID',
      render: (r) => (
        <Button variant="subtle" size="compact-sm" px={4} aria-label={`Lead ${r.UserFacingLeadId}: details`} onClick={() => open(r.UserFacingLeadId)}>
          {r.UserFacingLeadId}
        </Button>
      ),
    },
    { accessor: 'LeadTimeStamp', title: 'Date', render: (r) => formatDateTime(r.LeadTimeStamp, timeZone) },
    { accessor: 'SourceCampaignName', title: 'Campaign' },
    { accessor: 'VendorName', title: 'Vendor', render: (r) => r.VendorName ?? 'Public form' },
    { accessor: 'name', title: 'Name', render: (r) => `${r.FirstName} ${r.LastName}` },
    { accessor: 'PrimaryPhone', title: 'Phone', render: (r) => formatPhone(r.PrimaryPhone) },
    { accessor: 'StateCode', title: 'State', render: (r) => `${r.StateCode} ${r.ZipCode}` },
    { accessor: 'LeadStatus', title: 'Status', render: (r) => STATUS_WORDS[r.LeadStatus] },
    { accessor: 'SaleCount', title: 'Sales' },
  ];

  const page = list.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          All Leads
        </Title>
        <Button
          variant="outline"
          loading={exporter.isPending}
          disabled={!request}
          onClick={() => request && exporter.mutate(request, { onSuccess: ({ Url, FileName }) => downloadFile(Url, FileName) })}
        >
          Export
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" role="search" aria-label="Filter All Leads">
        <Select label="Campaign" placeholder="All" data={campaigns} value={search.campaign || null} onChange={(v) => choose('campaign', v)} clearable searchable />
        <Select label="Vendor" placeholder="All" data={vendors} value={search.vendor || null} onChange={(v) => choose('vendor', v)} clearable searchable />
        <Group grow gap="sm" wrap="nowrap">
          <Select
            label="Month"
            data={MONTH_OPTIONS}
            value={period ? String(period.month) : null}
            onChange={(v) => v !== null && choosePeriod({ month: Number(v) })}
            allowDeselect={false}
          />
          <Select
            label="Year"
            data={years}
            value={period ? String(period.year) : null}
            onChange={(v) => v !== null && choosePeriod({ year: Number(v) })}
            allowDeselect={false}
          />
        </Group>
        <TextInput
          label="Lead ID"
          inputMode="numeric"
          maxLength={9}
          value={table.filterText.leadId}
          onChange={(e) => table.setFilterText('leadId', leadIdInput(e.currentTarget.value))}
        />
        <TextInput
          label="Phone"
          type="tel"
          placeholder="(999) 999-9999"
          value={table.filterText.phone}
          onChange={(e) => table.setFilterText('phone', phoneInput(e.currentTarget.value))}
          error={phoneError}
        />
      </SimpleGrid>
      <Text size="sm" aria-live="polite">
        {page ? `${page.TotalCount} lead(s) found` : ''}
      </Text>
      <ServerDataTable<AllLeadRow>
        aria-label="All Leads"
        withTableBorder
        striped
        highlightOnHover
        minHeight={page?.Data.length ? undefined : 180}
        idAccessor="LeadId"
        columns={columns}
        records={page?.Data ?? []}
        fetching={list.isFetching || !period}
        totalRecords={page?.TotalCount ?? 0}
        recordsPerPage={ALL_LEADS_PAGE_SIZE}
        page={table.page}
        onPageChange={table.setPage}
        noRecordsText="No leads found."
        paginationText={({ from, to, totalRecords }) => `${from}-${to} of ${totalRecords}`}
      />
      {search.lead !== undefined && <LeadDetailDrawer userFacingLeadId={search.lead} timeZone={timeZone} onClose={() => open(undefined)} />}
    </Stack>
  );
}
