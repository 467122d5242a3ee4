// Ping History (part 3 §2): Campaign and Vendor dropdowns (both required), Submit, Export and the pings
// found, 25 a page. What was submitted lives in the URL; the fetch waits 1200 ms after the criteria,
// page or sort last changed (part 3 §4, §9). The route puts these pieces in the shared report frame
// (date range, buttons, empty text), since a feature may not import another feature.
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { PING_HISTORY_PAGE_SIZE } from '#shared/api/reports-ping.ts';
import { formatDollars } from '@/components/money.ts';
import { formatPhone } from '@/components/phone.ts';
import { ServerDataTable } from '@/components/server-data-table.tsx';
import { useServerTable, type SetSearch } from '@/components/server-table.ts';
import { exportPingHistory } from './api/export-ping-history.ts';
import { usePingHistory, type PingHistoryCriteria, type PingHistoryRow } from './api/get-ping-history.ts';
import { usePingCampaignChoices, usePingVendorChoices } from './api/list-ping-choices.ts';
import { criteriaOf, formatPingTime, PING_HISTORY_DEBOUNCE_MS, type PingHistorySearch } from './ping-history-search.ts';

/** Part 3 §8, word for word: internal leads, open orders, ping history, empty. */
export const PING_HISTORY_EMPTY_TEXT = 'No results found for the selected criteria.';

const COLUMNS: DataTableColumn<PingHistoryRow>[] = [
  { accessor: 'Timestamp', title: 'Timestamp', sortable: true, render: (r) => formatPingTime(r.Timestamp) },
  { accessor: 'CallerId', title: 'Caller ID', sortable: true, render: (r) => formatPhone(r.CallerId) },
  { accessor: 'BidAmount', title: 'Bid Amount', sortable: true, textAlign: 'right', render: (r) => (r.BidAmount === null ? '' : formatDollars(r.BidAmount)) },
  { accessor: 'VendorCode', title: 'Vendor Code' },
  { accessor: 'CampaignCode', title: 'Campaign Code' },
  { accessor: 'StateCode', title: 'State', sortable: true },
  { accessor: 'ZipCode', title: 'Zip Code', sortable: true },
  { accessor: 'ErrorMessages', title: 'Error Messages', sortable: true },
];

interface Range {
  startDate: string;
  endDate: string;
}

/** The report's state: the dropdowns' picks, the submitted criteria's (debounced) page, and what the frame needs. */
export function usePingHistoryReport(search: PingHistorySearch, setSearch: SetSearch<PingHistorySearch>) {
  const [campaign, setCampaign] = useState<string | null>(search.campaign ?? null);
  const [vendor, setVendor] = useState<string | null>(search.vendor ?? null);
  const table = useServerTable({ search, setSearch });

  const submitted = criteriaOf(search);
  const submittedText = submitted ? JSON.stringify(submitted) : '';
  // Debounced as text: the criteria object is new on every render, its text is not.
  const [debouncedText] = useDebouncedValue(submittedText, PING_HISTORY_DEBOUNCE_MS);
  const asked = debouncedText ? (JSON.parse(debouncedText) as PingHistoryCriteria) : undefined;
  const waiting = debouncedText !== submittedText;
  const result = usePingHistory(asked);

  return {
    filters: { campaign, setCampaign, vendor, setVendor },
    frame: {
      initialRange: search.start && search.end ? { startDate: search.start, endDate: search.end } : undefined,
      canSubmit: Boolean(campaign && vendor),
      onSubmit: (range: Range | null) => {
        if (!range || !campaign || !vendor) return;
        setSearch((current) => ({ ...current, campaign, vendor, start: range.startDate, end: range.endDate, page: 1 }));
      },
      onExport: (range: Range | null) => {
        if (!range || !campaign || !vendor) return Promise.reject(new Error('Choose a campaign, a vendor and the dates first.'));
        return exportPingHistory({ campaignCode: campaign, vendorCode: vendor, startDate: range.startDate, endDate: range.endDate });
      },
      loading: submitted !== undefined && (waiting || result.isFetching),
      // Before a Submit nothing shows below the controls; a failed fetch is only logged (part 3 §8).
      count: submitted && !result.isError ? result.data?.TotalCount : undefined,
    },
    table: {
      rows: result.data?.Data ?? [],
      total: result.data?.TotalCount ?? 0,
      page: table.page,
      setPage: table.setPage,
      sortStatus: table.sortStatus,
      setSortStatus: table.setSortStatus,
      fetching: waiting || result.isFetching,
    },
  };
}

type Report = ReturnType<typeof usePingHistoryReport>;

export function PingHistoryFilters({ campaign, setCampaign, vendor, setVendor }: Report['filters']) {
  const campaigns = usePingCampaignChoices();
  const vendors = usePingVendorChoices();
  return (
    <>
      <Select
        label="Campaign"
        required
        searchable
        data={campaigns.data ?? []}
        value={campaign}
        onChange={setCampaign}
        placeholder="Choose a campaign"
        nothingFoundMessage="No campaign"
        w={{ base: '100%', sm: 260 }}
      />
      <Select
        label="Vendor"
        required
        searchable
        data={vendors.data ?? []}
        value={vendor}
        onChange={setVendor}
        placeholder="Choose a vendor"
        nothingFoundMessage="No vendor"
        w={{ base: '100%', sm: 220 }}
      />
    </>
  );
}

export function PingHistoryTable(t: Report['table']) {
  return (
    <ServerDataTable<PingHistoryRow>
      aria-label="Ping History"
      columns={COLUMNS}
      records={t.rows}
      idAccessor={(r) => `${r.Timestamp}#${r.CallerId}#${r.ZipCode}#${r.ErrorMessages}`}
      totalRecords={t.total}
      recordsPerPage={PING_HISTORY_PAGE_SIZE}
      page={t.page}
      onPageChange={t.setPage}
      sortStatus={t.sortStatus}
      onSortStatusChange={t.setSortStatus}
      fetching={t.fetching}
      noRecordsText={PING_HISTORY_EMPTY_TEXT}
      minHeight={120}
      withTableBorder
      striped
    />
  );
}
