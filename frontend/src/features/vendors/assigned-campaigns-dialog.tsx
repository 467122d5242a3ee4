// The Vendors list's Assigned Campaigns dialog (spec part 3 §2): the campaigns the vendor is assigned
// to, with their status, dates and the vendor's prices. A phone shows them as cards (the shared
// table), so nothing runs off a 390 px screen. A failed call is only logged (§8).
import { Button, Group, Loader, Modal, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { formatDollars } from '@/components/money.ts';
import { ServerDataTable } from '@/components/server-data-table.tsx';
import type { VendorCampaign } from '#shared/api/vendors.ts';
import { useAssignedCampaigns } from './api/get-assigned-campaigns.ts';

/** M/D/YYYY of the calendar day a campaign date names (campaign dates are days, not moments). */
export const campaignDay = (iso: string) => {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return y && m && d ? `${Number(m)}/${Number(d)}/${y}` : iso;
};

const columns: DataTableColumn<VendorCampaign>[] = [
  { accessor: 'CampaignName', title: 'Campaign' },
  { accessor: 'CampaignCode', title: 'Code' },
  { accessor: 'CampaignStatus', title: 'Status', render: (c) => (c.CampaignStatus === 1 ? 'Active' : 'Inactive') },
  { accessor: 'StartDate', title: 'Start Date', noWrap: true, render: (c) => campaignDay(c.StartDate) },
  { accessor: 'EndDate', title: 'End Date', noWrap: true, render: (c) => campaignDay(c.EndDate) },
  { accessor: 'VendorPrice', title: 'Vendor Price', textAlign: 'right', render: (c) => formatDollars(c.VendorPrice) },
  { accessor: 'MaxPrice', title: 'Max Price', textAlign: 'right', render: (c) => formatDollars(c.MaxPrice) },
];

export function AssignedCampaignsDialog({ vendorId, vendorName, onClose }: { vendorId: string; vendorName: string; onClose: () => void }) {
  const campaigns = useAssignedCampaigns(vendorId);
  return (
    <Modal opened onClose={onClose} title="Assigned Campaigns" size="xl" centered>
      <Text fw={600} mb="sm">
        {vendorName}
      </Text>
      {campaigns.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading the assigned campaigns" />
      ) : (
        <ServerDataTable<VendorCampaign>
          aria-label={`Campaigns assigned to ${vendorName}`}
          withTableBorder
          striped
          idAccessor="CampaignVendorId"
          columns={columns}
          records={campaigns.data ?? []}
          minHeight={campaigns.data?.length ? undefined : 120}
          noRecordsText="No campaigns assigned."
        />
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Modal>
  );
}
