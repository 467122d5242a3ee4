// The partner portal's Leads (issue 24): the vendor's leads of a date range, newest first, filtered by
// campaign and outcome, 25 a page from the server; each with its outcome and the reasons it was not
// sold, rejected, a duplicate or sent to the call center. A lead opens in a drawer with the consent
// evidence the vendor sent and its returns. Filters, page and the open lead are the URL's. No buyer:
// the server answers none.
import { Badge, Select, Stack, Text, Title } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { formatDateTime } from '@/components/date-time.ts';
import type { SetSearch } from '@/components/server-table.ts';
import { OUTCOME_LABELS, PARTNER_OUTCOMES, type PartnerOutcome } from '#shared/api/partner-data.ts';
import { type PartnerLeadRow, usePartnerCampaignChoices, usePartnerLeads } from './leads-api.ts';
import { type LeadsSearch, leadsRequest, rangeOf, rangeProblem } from './leads-search.ts';
import { outcomeColor, outcomeWords } from './leads-words.ts';
import { leadIdColumn, PartnerFilters, PartnerList, partnerListEdits, sourceIdColumn } from './partner-list.tsx';

const OUTCOME_OPTIONS = PARTNER_OUTCOMES.map((o) => ({ value: o, label: OUTCOME_LABELS[o] }));

export function PartnerLeadsPage({ vendorId, search, setSearch, now }: { vendorId: string; search: LeadsSearch; setSearch: SetSearch<LeadsSearch>; now?: Date }) {
  const range = rangeOf(search, now);
  const problem = rangeProblem(range);
  const list = usePartnerLeads(vendorId, problem ? undefined : leadsRequest(search, now));
  const campaigns = usePartnerCampaignChoices(vendorId);
  const { change, open } = partnerListEdits(setSearch);

  const columns: DataTableColumn<PartnerLeadRow>[] = [
    leadIdColumn(open),
    { accessor: 'LeadTimeStamp', title: 'Received', render: (r) => formatDateTime(r.LeadTimeStamp, null) },
    sourceIdColumn(),
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

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Leads
      </Title>
      <PartnerFilters label="Filter leads" cols={{ base: 1, xs: 2, md: 4 }} fromLabel="From" toLabel="To" range={range} problem={problem} change={change}>
        <Select label="Campaign" placeholder="All" data={campaigns} value={search.campaign || null} onChange={(v) => change({ campaign: v ?? '' })} clearable searchable />
        <Select label="Outcome" placeholder="All" data={OUTCOME_OPTIONS} value={search.outcome ?? null} onChange={(v) => change({ outcome: (v as PartnerOutcome | null) ?? undefined })} clearable />
      </PartnerFilters>
      <Text size="xs" c="dimmed">
        Days on the reporting calendar (Central); times in Central.
      </Text>
      <PartnerList vendorId={vendorId} search={search} setSearch={setSearch} list={list} label="Leads" noun="lead" columns={columns} idAccessor="LeadId" />
    </Stack>
  );
}
