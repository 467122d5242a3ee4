// Funds Summary (spec part 3 §2): New Fund (CAN_EDIT_FUNDS), 'Display only active funds' (on by
// default), '{n} fund(s) displayed', 20 funds a page with an expandable row showing the fund's history
// and makeup history, and an Edit link per row for fund editors. Phones get one card per fund.
import { Badge, Button, Card, Checkbox, Collapse, Group, Pagination, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import type { FundDto } from '#shared/api/funds.ts';
import { FUNDS_PAGE_SIZE } from '#shared/fund-form.ts';
import { useMe } from '@/api/get-me.ts';
import { AnchorLink } from '@/components/anchor-link.tsx';
import { formatDateTime } from '@/components/date-time.ts';
import { formatDollars } from '@/components/money.ts';
import { emptyStateWhileRows, PHONE_QUERY } from '@/components/server-data-table.tsx';
import { useFundsSummary } from './api/list-funds.ts';
import { FundHistoryPanel } from './fund-history-panel.tsx';
import { categoryName, channelLabel, displayedText, fundDay, isExpired, lineOfBusinessLabel, modifiedText, summaryRows } from './fund-display.ts';


export function FundsSummaryPage() {
  const { Permissions } = useMe();
  const canEdit = Permissions.includes('CAN_EDIT_FUNDS');
  const funds = useFundsSummary();
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [activeOnly, setActiveOnly] = useState(true);
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<string[]>([]);
  const rows = summaryRows(funds, activeOnly);
  const pages = Math.max(1, Math.ceil(rows.length / FUNDS_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * FUNDS_PAGE_SIZE, current * FUNDS_PAGE_SIZE);
  const toggleRow = (id: string) => setExpanded((open) => (open.includes(id) ? open.filter((x) => x !== id) : [...open, id]));

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Funds Summary
        </Title>
        {canEdit && (
          <Button component={Link} to="/fund">
            New Fund
          </Button>
        )}
      </Group>
      <Group justify="space-between" wrap="wrap">
        <Checkbox
          label="Display only active funds"
          checked={activeOnly}
          onChange={(e) => {
            setActiveOnly(e.currentTarget.checked);
            setPage(1);
          }}
        />
        <Text size="sm" aria-live="polite">
          {displayedText(rows.length)}
        </Text>
      </Group>
      {phone ? (
        <Stack gap="xs" data-layout="cards">
          {shown.map((fund) => (
            <FundCard key={fund.FundId} fund={fund} canEdit={canEdit} open={expanded.includes(fund.FundId)} onToggle={() => toggleRow(fund.FundId)} />
          ))}
          {pages > 1 && <Pagination total={pages} value={current} onChange={setPage} size="sm" />}
        </Stack>
      ) : (
        <DataTable<FundDto>
          aria-label="Funds"
          withTableBorder
          striped
          highlightOnHover
          idAccessor="FundId"
          records={shown}
          totalRecords={rows.length}
          recordsPerPage={FUNDS_PAGE_SIZE}
          page={current}
          onPageChange={setPage}
          noRecordsText="No funds"
          {...emptyStateWhileRows(shown, false)}
          minHeight={rows.length === 0 ? 150 : undefined}
          scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}
          rowExpansion={{
            allowMultiple: true,
            expanded: { recordIds: expanded, onRecordIdsChange: (ids: unknown[]) => setExpanded(ids as string[]) },
            content: ({ record }) => <FundHistoryPanel fund={record} canEdit={canEdit} />,
          }}
          columns={[
            {
              accessor: 'Name',
              render: (f) => (
                <UnstyledButton
                  aria-expanded={expanded.includes(f.FundId)}
                  onClick={(e) => {
                    e.stopPropagation();
                    toggleRow(f.FundId);
                  }}
                  fw={600}
                  c="blue.8"
                >
                  {f.Name}
                </UnstyledButton>
              ),
            },
            { accessor: 'Code' },
            { accessor: 'LineOfBusiness', title: 'Line of Business', render: (f) => lineOfBusinessLabel(f.LineOfBusiness) },
            { accessor: 'Category', render: (f) => categoryName(f.Category) },
            { accessor: 'Channel', render: (f) => channelLabel(f.Channel) },
            { accessor: 'CaptivePrice', title: 'Captive Price', render: (f) => formatDollars(f.CaptivePrice) },
            { accessor: 'BrokerPrice', title: 'Broker Price', render: (f) => formatDollars(f.BrokerPrice) },
            { accessor: 'StartDate', title: 'Start Date', render: (f) => fundDay(f.StartDate) },
            { accessor: 'EndDate', title: 'End Date', render: (f) => <EndDate fund={f} /> },
            { accessor: 'IsActive', title: 'Active', render: (f) => (f.IsActive ? 'Yes' : 'No') },
            { accessor: 'Modified', render: (f) => modifiedText(f.Modified, (t) => formatDateTime(t, null)) },
            ...(canEdit
              ? [
                  {
                    accessor: 'edit',
                    title: '',
                    render: (f: FundDto) => (
                      <AnchorLink to="/fund/$fundID" params={{ fundID: f.FundId }} onClick={(e) => e.stopPropagation()} aria-label={`Edit ${f.Name}`}>
                        Edit
                      </AnchorLink>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
    </Stack>
  );
}

function EndDate({ fund }: { fund: FundDto }) {
  return (
    <Group gap={6} wrap="nowrap">
      <span>{fundDay(fund.EndDate)}</span>
      {isExpired(fund) && (
        <Badge color="red.8" variant="filled" size="sm">
          EXPIRED
        </Badge>
      )}
    </Group>
  );
}

function FundCard({ fund, canEdit, open, onToggle }: { fund: FundDto; canEdit: boolean; open: boolean; onToggle: () => void }) {
  const line = (label: string, value: React.ReactNode) => (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" ta="right" component="div">
        {value}
      </Text>
    </Group>
  );
  return (
    <Card withBorder padding="sm" role="group" aria-label={fund.Name}>
      <Stack gap={2}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{fund.Name}</Text>
          {canEdit && (
            <AnchorLink to="/fund/$fundID" params={{ fundID: fund.FundId }} aria-label={`Edit ${fund.Name}`}>
              Edit
            </AnchorLink>
          )}
        </Group>
        {line('Code', fund.Code)}
        {line('Line of Business', lineOfBusinessLabel(fund.LineOfBusiness))}
        {line('Category', categoryName(fund.Category))}
        {line('Channel', channelLabel(fund.Channel))}
        {line('Captive Price', formatDollars(fund.CaptivePrice))}
        {line('Broker Price', formatDollars(fund.BrokerPrice))}
        {line('Start Date', fundDay(fund.StartDate))}
        {line('End Date', <EndDate fund={fund} />)}
        {line('Active', fund.IsActive ? 'Yes' : 'No')}
        {line('Modified', modifiedText(fund.Modified, (t) => formatDateTime(t, null)))}
        <Button variant="subtle" size="xs" onClick={onToggle} aria-expanded={open}>
          {open ? 'Hide history' : 'Show history'}
        </Button>
        <Collapse expanded={open}>{open && <FundHistoryPanel fund={fund} canEdit={canEdit} />}</Collapse>
      </Stack>
    </Card>
  );
}
