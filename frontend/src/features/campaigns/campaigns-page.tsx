// Campaigns (spec part 3 §2, §4, §6): the catalogue's campaigns, current ones by default, with the
// Show Pending/Expired toggle, a filter, New Campaign, an Edit link and an active toggle per row,
// each behind its permission. Under 700 px the table becomes cards.
import { Button, Group, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useMe } from '@/api/get-me.ts';
import { AnchorLink } from '@/components/anchor-link.tsx';
import { ServerDataTable } from '@/components/server-data-table.tsx';
import { Link } from '@tanstack/react-router';
import { type CampaignListRow, useCampaignList } from './api/list-campaigns.ts';
import { useToggleCampaign } from './api/toggle-campaign.ts';
import { campaignsShown } from './campaign-list.ts';

type Row = CampaignListRow;

/** Tables show 10 a page unless the spec says otherwise (part 3 §9). */
const PAGE_SIZE = 10;

/** M/D/YYYY of the calendar day a campaign date names. */
export const shownDay = (iso: string) => {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return y && m && d ? `${Number(m)}/${Number(d)}/${y}` : iso;
};

const columnText = (c: Row) => [c.Name, c.Code, c.Description, c.LeadType, c.CrmLob, c.Status, shownDay(c.StartDate), shownDay(c.EndDate)];

export function CampaignsPage() {
  const { Permissions } = useMe();
  const canCreate = Permissions.includes('CAN_CREATE_NEW_CAMPAIGNS');
  const canEdit = Permissions.includes('CAN_EDIT_CAMPAIGNS');
  const canToggle = Permissions.includes('CAN_TOGGLE_CAMPAIGN_ACTIVE');
  const campaigns = useCampaignList();
  const [pendingOrExpired, setPendingOrExpired] = useState(false);
  const [filter, setFilter] = useState('');
  const [debounced] = useDebouncedValue(filter, 300);
  const [page, setPage] = useState(1);
  const shown = campaignsShown(campaigns, { pendingOrExpired, filter: debounced, text: columnText });
  const lastPage = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, lastPage);

  const columns: DataTableColumn<Row>[] = [
    { accessor: 'Name', title: 'Name' },
    { accessor: 'Code', title: 'Code' },
    { accessor: 'LeadType', title: 'Lead Type' },
    { accessor: 'CrmLob', title: 'CRM Line of Business' },
    { accessor: 'StartDate', title: 'Start Date', render: (c) => shownDay(c.StartDate) },
    { accessor: 'EndDate', title: 'End Date', render: (c) => shownDay(c.EndDate) },
    { accessor: 'Status', title: 'Active', render: (c) => <ActiveCell campaign={c} canToggle={canToggle} /> },
    ...(canEdit
      ? [
          {
            accessor: 'edit',
            title: '',
            render: (c: Row) => (
              <AnchorLink to="/campaigns/edit/$campaignID" params={{ campaignID: c.CampaignId }} aria-label={`Edit ${c.Name}`}>
                Edit
              </AnchorLink>
            ),
          },
        ]
      : []),
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Campaigns
        </Title>
        {canCreate && (
          <Button component={Link} to="/campaigns/new">
            New Campaign
          </Button>
        )}
      </Group>
      <Group gap="md" wrap="wrap" align="flex-end">
        <TextInput label="Filter" placeholder="Name, code, lead type…" value={filter} onChange={(e) => (setFilter(e.currentTarget.value), setPage(1))} style={{ flex: '1 1 14rem' }} />
        <Switch label="Show Pending/Expired" checked={pendingOrExpired} onChange={(e) => (setPendingOrExpired(e.currentTarget.checked), setPage(1))} />
      </Group>
      <ServerDataTable<Row>
        idAccessor="CampaignId"
        columns={columns}
        records={shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE)}
        totalRecords={shown.length}
        recordsPerPage={PAGE_SIZE}
        page={current}
        onPageChange={setPage}
        noRecordsText="No campaigns found."
        minHeight={shown.length === 0 ? 150 : undefined}
        withTableBorder
        striped
      />
    </Stack>
  );
}

function ActiveCell({ campaign, canToggle }: { campaign: Row; canToggle: boolean }) {
  const toggle = useToggleCampaign();
  const active = campaign.Status === 'Active';
  if (!canToggle) return active ? 'Active' : 'Inactive';
  return (
    <Switch
      aria-label={`${campaign.Name} active`}
      checked={active}
      disabled={toggle.isPending}
      onChange={() => toggle.mutate({ campaignId: campaign.CampaignId, active: !active })}
      label={active ? 'Active' : 'Inactive'}
    />
  );
}
