// The Funds Summary's expanded row: the fund's history (15 a page, newest first) and its makeup
// history (the campaign vendors added, removed or changed; 10 a page, the tables' default of part 3
// §9), plus Enable/Disable for fund editors.
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { FundDto } from '#shared/api/funds.ts';
import { FUND_HISTORY_PAGE_SIZE } from '#shared/fund-form.ts';
import { ApiError } from '@/api/client.ts';
import { formatDateTime } from '@/components/date-time.ts';
import { formatDollars } from '@/components/money.ts';
import { ServerDataTable } from '@/components/server-data-table.tsx';
import { useFundHistory, useFundMakeupHistory } from './api/get-fund-history.ts';
import { useToggleFund } from './api/toggle-fund.ts';
import { categoryName, channelLabel, lineOfBusinessLabel, modifiedText } from './fund-display.ts';

const when = (iso: string) => modifiedText(iso, (t) => formatDateTime(t, null));

/** Makeup history rows a page: the tables' default (part 3 §9 names no size of its own for it). */
const MAKEUP_HISTORY_PAGE_SIZE = 10;

export function FundHistoryPanel({ fund, canEdit }: { fund: FundDto; canEdit: boolean }) {
  const history = useFundHistory(fund.FundId);
  const makeup = useFundMakeupHistory(fund.FundId);
  const toggle = useToggleFund();
  const [page, setPage] = useState(1);
  const rows = history.data ?? [];
  const shown = rows.slice((page - 1) * FUND_HISTORY_PAGE_SIZE, page * FUND_HISTORY_PAGE_SIZE);
  const [makeupPage, setMakeupPage] = useState(1);
  const makeupRows = makeup.data ?? [];
  const makeupShown = makeupRows.slice((makeupPage - 1) * MAKEUP_HISTORY_PAGE_SIZE, makeupPage * MAKEUP_HISTORY_PAGE_SIZE);

  return (
    <Stack gap="sm" p="sm" data-testid={`fund-history-${fund.Code}`}>
      {canEdit && (
        <Group gap="sm">
          <Button
            size="xs"
            variant="default"
            loading={toggle.isPending}
            onClick={() => toggle.mutate({ fundId: fund.FundId, active: !fund.IsActive })}
          >
            {fund.IsActive ? 'Disable fund' : 'Enable fund'}
          </Button>
          {toggle.error && (
            <Text size="sm" c="red" role="alert">
              {toggle.error instanceof ApiError ? toggle.error.message : 'Could not change the fund.'}
            </Text>
          )}
        </Group>
      )}
      <Title order={3} size="h5">
        Fund History
      </Title>
      <ServerDataTable
        aria-label={`Fund history of ${fund.Name}`}
        idAccessor="HistoryId"
        records={shown}
        fetching={history.isFetching}
        noRecordsText="No history"
        minHeight={rows.length === 0 ? 80 : undefined}
        totalRecords={rows.length}
        recordsPerPage={FUND_HISTORY_PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        columns={[
          { accessor: 'Modified', render: (r) => when(r.Modified) },
          { accessor: 'ModifiedBy', title: 'Modified By' },
          { accessor: 'Name' },
          { accessor: 'CaptivePrice', title: 'Captive Price', render: (r) => formatDollars(r.CaptivePrice) },
          { accessor: 'BrokerPrice', title: 'Broker Price', render: (r) => formatDollars(r.BrokerPrice) },
          { accessor: 'IsActive', title: 'Active', render: (r) => (r.IsActive ? 'Yes' : 'No') },
          { accessor: 'Code' },
          { accessor: 'LineOfBusiness', title: 'Line of Business', render: (r) => lineOfBusinessLabel(r.LineOfBusiness) },
          { accessor: 'Category', render: (r) => categoryName(r.Category) },
          { accessor: 'IsLiveTransfer', title: 'Live Transfer', render: (r) => (r.IsLiveTransfer ? 'Yes' : 'No') },
          { accessor: 'Channel', render: (r) => channelLabel(r.Channel) },
        ]}
      />
      <Title order={3} size="h5">
        Makeup History
      </Title>
      <ServerDataTable
        aria-label={`Makeup history of ${fund.Name}`}
        idAccessor="HistoryId"
        records={makeupShown}
        fetching={makeup.isFetching}
        noRecordsText="No makeup history"
        minHeight={makeupRows.length === 0 ? 80 : undefined}
        totalRecords={makeupRows.length}
        recordsPerPage={MAKEUP_HISTORY_PAGE_SIZE}
        page={makeupPage}
        onPageChange={setMakeupPage}
        columns={[
          { accessor: 'Campaign' },
          { accessor: 'Vendor' },
          { accessor: 'Priority' },
          { accessor: 'ModifiedBy', title: 'Modified By' },
          { accessor: 'Modified', render: (r) => when(r.Modified) },
          { accessor: 'ChangeType', title: 'Change Type' },
        ]}
      />
    </Stack>
  );
}
