// The partner portal's Returns (issue 24): the disputes of the vendor's leads, newest first, 25 a page
// from the server, filtered by the days they were submitted and their status, each with the reason the
// agent picked (in the vendor's words), the decision and its evidence; never who bought the lead or
// who decided. A lead opens in the Leads page's drawer. Filters, page and the open lead are the URL's.
import { Badge, Select, Stack, Text, Title } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { formatDateTime } from '@/components/date-time.ts';
import type { SetSearch } from '@/components/server-table.ts';
import { PARTNER_RETURN_STATUSES, type PartnerReturn } from '#shared/api/partner-data.ts';
import { rangeProblem } from './leads-search.ts';
import { decisionWords, RETURN_STATUS_WORDS } from './leads-words.ts';
import { leadIdColumn, PartnerFilters, PartnerList, partnerListEdits, sourceIdColumn } from './partner-list.tsx';
import { usePartnerReturns } from './returns-api.ts';
import { type ReturnsSearch, returnsRangeOf, returnsRequest } from './returns-search.ts';

const central = (at: string) => formatDateTime(at, null);
const STATUS_OPTIONS = PARTNER_RETURN_STATUSES.map((s) => ({ value: s, label: RETURN_STATUS_WORDS[s] }));
const STATUS_COLORS: Record<PartnerReturn['Status'], string> = { Submitted: 'yellow', Approved: 'red', Denied: 'gray' };

export function PartnerReturnsPage({ vendorId, search, setSearch, now }: { vendorId: string; search: ReturnsSearch; setSearch: SetSearch<ReturnsSearch>; now?: Date }) {
  const range = returnsRangeOf(search, now);
  const problem = rangeProblem(range);
  const list = usePartnerReturns(vendorId, problem ? undefined : returnsRequest(search, now));
  const { change, open } = partnerListEdits(setSearch);

  const columns: DataTableColumn<PartnerReturn>[] = [
    leadIdColumn(open),
    { accessor: 'DisputedAt', title: 'Disputed', render: (r) => central(r.DisputedAt) },
    sourceIdColumn(),
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

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Returns
      </Title>
      <Text size="sm">
        Disputes of your leads: the reason the buyer gave, and the decision with its evidence. An approved dispute returns the lead: its vendor price comes off your revenue.
      </Text>
      <PartnerFilters label="Filter returns" cols={{ base: 1, xs: 3 }} fromLabel="Disputed from" toLabel="Disputed to" range={range} problem={problem} change={change}>
        <Select label="Status" placeholder="All" data={STATUS_OPTIONS} value={search.status ?? null} onChange={(v) => change({ status: (v as PartnerReturn['Status'] | null) ?? undefined })} clearable />
      </PartnerFilters>
      <PartnerList
        vendorId={vendorId}
        search={search}
        setSearch={setSearch}
        list={list}
        label="Returns"
        noun="dispute"
        columns={columns}
        idAccessor={(r) => `${r.LeadId}-${r.DisputedAt}`}
      />
    </Stack>
  );
}
