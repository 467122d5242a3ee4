// My Leads' table (part 3 §2, §9): 10 rows a page from the server, times in the viewed agent's time zone,
// columns by view (campaign and vendor in the admin view and in fund preview; who ordered and who
// received the lead by distribution), the dispute status or the Dispute button, and Details, which
// shows the whole lead and why it came.
import { Badge, Button, Group, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { Distribution } from '#shared/api/leads.ts';
import { formatDateTime } from '@/components/date-time.ts';
import { formatDollars } from '@/components/money.ts';
import { formatPhone } from '@/components/phone.ts';
import { ServerDataTable } from '@/components/server-data-table.tsx';
import type { AgentLead, AgentLeadsPage } from './api/get-agent-leads.ts';

export interface LeadsTableView {
  /** Campaign and vendor columns: the admin view or fund preview. */
  showSource: boolean;
  distribution: Distribution;
  canDispute: (lead: AgentLead) => boolean;
}

const personName = (first: string, last: string, id: string) => `${first} ${last}`.trim() || id;

export function disputeColor(status: AgentLead['DisputeStatus']): string {
  return status === 'Approved' ? 'green' : status === 'Denied' ? 'red' : 'yellow';
}

function columnsFor(view: LeadsTableView, timeZone: string, onDispute: (l: AgentLead) => void, onDetails: (l: AgentLead) => void): DataTableColumn<AgentLead>[] {
  return [
    { accessor: 'UserFacingLeadId', title: 'Lead ID' },
    { accessor: 'LeadTimeStamp', title: 'Date', render: (l) => formatDateTime(l.LeadTimeStamp, timeZone) },
    { accessor: 'name', title: 'Name', render: (l) => `${l.FirstName} ${l.LastName}` },
    { accessor: 'PrimaryPhone', title: 'Phone', render: (l) => formatPhone(l.PrimaryPhone) },
    { accessor: 'StateCode', title: 'State' },
    { accessor: 'FundName', title: 'Fund', render: (l) => l.FundName ?? '' },
    ...(view.showSource
      ? [
          { accessor: 'SourceCampaignName', title: 'Campaign' },
          { accessor: 'VendorName', title: 'Vendor', render: (l: AgentLead) => l.VendorName ?? '' },
        ]
      : []),
    ...(view.distribution !== 'distributed'
      ? [{ accessor: 'orderedBy', title: 'Ordered By', render: (l: AgentLead) => personName(l.AgentFirstName, l.AgentLastName, l.AgentId) }]
      : []),
    ...(view.distribution !== 'received'
      ? [{ accessor: 'deliveredTo', title: 'Delivered To', render: (l: AgentLead) => personName(l.RecipientFirstName, l.RecipientLastName, l.RecipientAgentId) }]
      : []),
    { accessor: 'AgentPurchasePrice', title: 'Price', textAlign: 'right', render: (l) => formatDollars(l.AgentPurchasePrice) },
    {
      accessor: 'dispute',
      title: 'Dispute',
      render: (l) =>
        l.DisputeStatus ? (
          <Badge color={disputeColor(l.DisputeStatus)} variant="light">
            {l.DisputeStatus}
          </Badge>
        ) : view.canDispute(l) ? (
          <Button size="compact-sm" variant="outline" onClick={() => onDispute(l)} aria-label={`Dispute lead ${l.UserFacingLeadId}`}>
            Dispute
          </Button>
        ) : (
          ''
        ),
    },
    {
      accessor: 'details',
      title: '',
      render: (l) => (
        <Button size="compact-sm" variant="subtle" onClick={() => onDetails(l)} aria-label={`Details of lead ${l.UserFacingLeadId}`}>
          Details
        </Button>
      ),
    },
  ];
}

export const countLine = (count: number) => (count === 1 ? '1 lead' : `${count.toLocaleString('en-US')} leads`);
export const NO_LEADS = 'No results found for the selected date period.';

interface LeadsTableProps {
  page: AgentLeadsPage;
  view: LeadsTableView;
  fetching: boolean;
  onPageChange: (page: number) => void;
  onDispute: (lead: AgentLead) => void;
  onDetails: (lead: AgentLead) => void;
}

export function LeadsTable({ page, view, fetching, onPageChange, onDispute, onDetails }: LeadsTableProps) {
  const common = {
    withTableBorder: true,
    striped: true,
    records: page.Leads,
    idAccessor: (l: AgentLead) => `${l.LeadId}#${l.AgentId}`,
    columns: columnsFor(view, page.TimeZone, onDispute, onDetails),
    fetching,
    noRecordsText: NO_LEADS,
    minHeight: page.Leads.length ? undefined : 120,
  };
  return (
    <>
      <Group justify="space-between">
        <Text size="sm" data-testid="lead-count">
          {countLine(page.TotalCount)}
        </Text>
      </Group>
      {page.TotalCount > 0 ? (
        <ServerDataTable<AgentLead> {...common} totalRecords={page.TotalCount} recordsPerPage={page.PageSize} page={page.Page} onPageChange={onPageChange} />
      ) : (
        <ServerDataTable<AgentLead> {...common} />
      )}
    </>
  );
}
