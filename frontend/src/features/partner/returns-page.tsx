// The partner portal's Returns (issue 24): the disputes of the vendor's leads, newest first, 25 a page
// from the server, filtered by the days they were submitted and their status, each with the reason the
// agent picked (in the vendor's words), the decision and its evidence; never who bought the lead or
// who decided. A lead opens in the Leads page's drawer. Filters, page and the open lead are the URL's.
import { Badge, Button, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { formatDateTime } from '@/components/date-time.ts';
import { ServerDataTable } from '@/components/server-data-table.tsx';
import type { SetSearch } from '@/components/server-table.ts';
import { PARTNER_PAGE_SIZE, PARTNER_RETURN_STATUSES, type PartnerReturn } from '#shared/api/partner-data.ts';
import { LeadDrawer } from './leads-drawer.tsx';
import { rangeProblem } from './leads-search.ts';
import { decisionWords, RETURN_STATUS_WORDS } from './leads-words.ts';
import { usePartnerReturns } from './returns-api.ts';
import { type ReturnsSearch, returnsRangeOf, returnsRequest } from './returns-search.ts';

const central = (at: string) => formatDateTime(at, null);
const STATUS_OPTIONS = PARTNER_RETURN_STATUSES.map((s) => ({ value: s, label: RETURN_STATUS_WORDS[s] }));
const STATUS_COLORS: Record<PartnerReturn['Status'], string> = { Submitted: 'yellow', Approved: 'red', Denied: 'gray' };

export function PartnerReturnsPage({ vendorId, search, setSearch, now }: { vendorId: string; search: ReturnsSearch; setSearch: SetSearch<ReturnsSearch>; now?: Date }) {
  const range = returnsRangeOf(search, now);
  const problem = rangeProblem(range);
  const list = usePartnerReturns(vendorId, problem ? undefined : returnsRequest(search, now));
  const change = (update: Partial<ReturnsSearch>) => setSearch((current) => ({ ...current, ...update, page: 1 }));
  const open = (lead: string | undefined) => setSearch((current) => ({ ...current, lead }));

  const columns: DataTableColumn<PartnerReturn>[] = [
    {
      accessor: 'UserFacingLeadId',
      title: 'Lead ID',
      render: (r) => (
        <Button variant="subtle" size="compact-sm" px={4} aria-label={`Lead ${r.UserFacingLeadId}: details`} onClick={() => open(r.LeadId)}>
          {r.UserFacingLeadId}
        </Button>
      ),
    },
    { accessor: 'DisputedAt', title: 'Disputed', render: (r) => central(r.DisputedAt) },
    { accessor: 'SourceId', title: 'Your lead ID', render: (r) => <span style={{ overflowWrap: 'anywhere' }}>{r.SourceId}</span> },
    { accessor: 'CampaignName', title: 'Campaign' },
    { accessor: 'Reason', title: 'Reason' },
    {
      accessor: 'Status',
      title: 'Status',
      render: (r) => (
        <Badge color={STATUS_COLORS[r.Status]} variant="light" style={{ textTransform: 'none' }}>
          {RETURN_STATUS_WORDS[r.Status]}
        </Badge>
      ),
    },
    { accessor: 'DecidedAt', title: 'Decision', render: (r) => decisionWords(r, central) },
    { accessor: 'Decision', title: 'Evidence', render: (r) => r.Decision ?? '' },
  ];

  const page = list.data;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Returns
      </Title>
      <Text size="sm">
        Disputes of your leads: the reason the buyer gave, and the decision with its evidence. An approved dispute returns the lead: its vendor price comes off your revenue.
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" role="search" aria-label="Filter returns">
        <TextInput label="Disputed from" type="date" value={range.from} onChange={(e) => e.currentTarget.value && change({ from: e.currentTarget.value })} error={problem} />
        <TextInput label="Disputed to" type="date" value={range.to} onChange={(e) => e.currentTarget.value && change({ to: e.currentTarget.value })} />
        <Select label="Status" placeholder="All" data={STATUS_OPTIONS} value={search.status ?? null} onChange={(v) => change({ status: (v as PartnerReturn['Status'] | null) ?? undefined })} clearable />
      </SimpleGrid>
      <Text size="sm" aria-live="polite">
        {page ? `${page.TotalCount.toLocaleString('en-US')} dispute(s) found` : ''}
      </Text>
      {list.isError && (
        <Text c="red.9" role="alert">
          {list.error.message}
        </Text>
      )}
      <ServerDataTable<PartnerReturn>
        aria-label="Returns"
        withTableBorder
        striped
        minHeight={page?.Data.length ? undefined : 180}
        idAccessor={(r) => `${r.LeadId}-${r.DisputedAt}`}
        columns={columns}
        records={page?.Data ?? []}
        fetching={list.isFetching}
        totalRecords={page?.TotalCount ?? 0}
        recordsPerPage={PARTNER_PAGE_SIZE}
        page={search.page}
        onPageChange={(p) => setSearch((current) => ({ ...current, page: p }))}
        noRecordsText="No disputes found."
        paginationText={({ from, to, totalRecords }) => `${from}-${to} of ${totalRecords}`}
      />
      {search.lead !== undefined && <LeadDrawer vendorId={vendorId} leadId={search.lead} onClose={() => open(undefined)} />}
    </Stack>
  );
}
