// The partner portal's Leads (issue 24): the vendor's leads of a date range, newest first, filtered by
// campaign and outcome, 25 a page from the server; each with its outcome and the reasons it was not
// sold, rejected, a duplicate or sent to the call center. A lead opens in a drawer with the consent
// evidence the vendor sent and its returns. Filters, page and the open lead are the URL's. No buyer:
// the server answers none.
import { Badge, Button, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { formatDateTime } from '@/components/date-time.ts';
import { ServerDataTable } from '@/components/server-data-table.tsx';
import type { SetSearch } from '@/components/server-table.ts';
import { OUTCOME_LABELS, PARTNER_OUTCOMES, PARTNER_PAGE_SIZE, type PartnerOutcome } from '#shared/api/partner-data.ts';
import { type PartnerLeadRow, usePartnerCampaignChoices, usePartnerLeads } from './leads-api.ts';
import { LeadDrawer } from './leads-drawer.tsx';
import { type LeadsSearch, leadsRequest, rangeOf, rangeProblem } from './leads-search.ts';
import { outcomeColor, outcomeWords } from './leads-words.ts';

const OUTCOME_OPTIONS = PARTNER_OUTCOMES.map((o) => ({ value: o, label: OUTCOME_LABELS[o] }));

export function PartnerLeadsPage({ vendorId, search, setSearch, now }: { vendorId: string; search: LeadsSearch; setSearch: SetSearch<LeadsSearch>; now?: Date }) {
  const range = rangeOf(search, now);
  const problem = rangeProblem(range);
  const list = usePartnerLeads(vendorId, problem ? undefined : leadsRequest(search, now));
  const campaigns = usePartnerCampaignChoices(vendorId);
  const change = (update: Partial<LeadsSearch>) => setSearch((current) => ({ ...current, ...update, page: 1 }));
  const open = (lead: string | undefined) => setSearch((current) => ({ ...current, lead }));

  const columns: DataTableColumn<PartnerLeadRow>[] = [
    {
      accessor: 'UserFacingLeadId',
      title: 'Lead ID',
      render: (r) => (
        <Button variant="subtle" size="compact-sm" px={4} aria-label={`Lead ${r.UserFacingLeadId}: details`} onClick={() => open(r.LeadId)}>
          {r.UserFacingLeadId}
        </Button>
      ),
    },
    { accessor: 'LeadTimeStamp', title: 'Received', render: (r) => formatDateTime(r.LeadTimeStamp, null) },
    { accessor: 'SourceId', title: 'Your lead ID', render: (r) => <span style={{ overflowWrap: 'anywhere' }}>{r.SourceId}</span> },
    { accessor: 'CampaignName', title: 'Campaign' },
    { accessor: 'name', title: 'Name', render: (r) => `${r.FirstName} ${r.LastName}` },
    { accessor: 'StateCode', title: 'State / Zip', render: (r) => `${r.StateCode} ${r.ZipCode}` },
    {
      accessor: 'LeadStatus',
      title: 'Outcome',
      render: (r) => (
        <Badge color={outcomeColor(r)} variant="light" style={{ textTransform: 'none' }}>
          {outcomeWords(r)}
        </Badge>
      ),
    },
    { accessor: 'Reasons', title: 'Reasons', render: (r) => r.Reasons.join(' ') },
  ];

  const page = list.data;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Leads
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" role="search" aria-label="Filter leads">
        <TextInput label="From" type="date" value={range.from} onChange={(e) => e.currentTarget.value && change({ from: e.currentTarget.value })} error={problem} />
        <TextInput label="To" type="date" value={range.to} onChange={(e) => e.currentTarget.value && change({ to: e.currentTarget.value })} />
        <Select label="Campaign" placeholder="All" data={campaigns} value={search.campaign || null} onChange={(v) => change({ campaign: v ?? '' })} clearable searchable />
        <Select label="Outcome" placeholder="All" data={OUTCOME_OPTIONS} value={search.outcome ?? null} onChange={(v) => change({ outcome: (v as PartnerOutcome | null) ?? undefined })} clearable />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Days on the reporting calendar (Central); times in Central.
      </Text>
      <Text size="sm" aria-live="polite">
        {page ? `${page.TotalCount.toLocaleString('en-US')} lead(s) found` : ''}
      </Text>
      {list.isError && (
        <Text c="red.9" role="alert">
          {list.error.message}
        </Text>
      )}
      <ServerDataTable<PartnerLeadRow>
        aria-label="Leads"
        withTableBorder
        striped
        minHeight={page?.Data.length ? undefined : 180}
        idAccessor="LeadId"
        columns={columns}
        records={page?.Data ?? []}
        fetching={list.isFetching}
        totalRecords={page?.TotalCount ?? 0}
        recordsPerPage={PARTNER_PAGE_SIZE}
        page={search.page}
        onPageChange={(p) => setSearch((current) => ({ ...current, page: p }))}
        noRecordsText="No leads found."
        paginationText={({ from, to, totalRecords }) => `${from}-${to} of ${totalRecords}`}
      />
      {search.lead !== undefined && <LeadDrawer vendorId={vendorId} leadId={search.lead} onClose={() => open(undefined)} />}
    </Stack>
  );
}
