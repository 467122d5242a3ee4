// Campaign Performance and Campaign Summary Performance (part 3 §2, §3): a month frequency dropdown,
// Submit, a CSV export built from the same rows, and the table (50 a page for campaign performance).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { formatDollars } from '@/components/money.ts';
import { campaignPerformanceQuery, campaignSummaryQuery, type CampaignPerformanceRow, type CampaignSummaryRow, type DayRange } from './api/performance-reports.ts';
import { ClientPagedTable } from './client-paged-table.tsx';
import { MonthFrequencySelect } from './month-frequency-select.tsx';
import { monthRange } from './month-frequency.ts';
import { csvText } from '#shared/csv.ts';
import { csvDownload } from './report-format.ts';
import type { ReportParts } from './report-parts.ts';

/** Part 3 §9: campaign performance 50 a page; the summary uses the same. */
export const CAMPAIGN_PERFORMANCE_PAGE_SIZE = 50;
const NO_RANGE: DayRange = { startDate: '', endDate: '' };

const money = (n: number) => formatDollars(n);
type Keyed<T> = T & { key: number };

const CAMPAIGN_COLUMNS: DataTableColumn<Keyed<CampaignPerformanceRow>>[] = [
  { accessor: 'Fund' },
  { accessor: 'Vendor' },
  { accessor: 'Campaign' },
  { accessor: 'AgentPrice', title: 'Agent Price', textAlign: 'right', render: (r) => money(r.AgentPrice) },
  { accessor: 'CompanyPrice', title: 'Company Price', textAlign: 'right', render: (r) => money(r.CompanyPrice) },
  { accessor: 'LeadsPurchased', title: 'Leads Purchased', textAlign: 'right' },
  { accessor: 'LeadsCredited', title: 'Leads Credited', textAlign: 'right' },
  { accessor: 'TotalLeads', title: 'Total Leads', textAlign: 'right' },
  { accessor: 'AverageScore', title: 'Average Score', textAlign: 'right' },
  { accessor: 'TotalLeadCost', title: 'Total Lead Cost', textAlign: 'right', render: (r) => money(r.TotalLeadCost) },
];

const SUMMARY_COLUMNS: DataTableColumn<Keyed<CampaignSummaryRow>>[] = [
  { accessor: 'Vendor' },
  { accessor: 'Campaign' },
  { accessor: 'AverageAgentPrice', title: 'Average Agent Price', textAlign: 'right', render: (r) => money(r.AverageAgentPrice) },
  { accessor: 'AverageCompanyPrice', title: 'Average Company Price', textAlign: 'right', render: (r) => money(r.AverageCompanyPrice) },
  { accessor: 'TotalLeadsPurchased', title: 'Total Leads Purchased', textAlign: 'right' },
  { accessor: 'TotalLeadsCredited', title: 'Total Leads Credited', textAlign: 'right' },
  { accessor: 'TotalLeads', title: 'Total Leads', textAlign: 'right' },
  { accessor: 'AverageScore', title: 'Average Score', textAlign: 'right' },
  { accessor: 'TotalLeadCost', title: 'Total Lead Cost', textAlign: 'right', render: (r) => money(r.TotalLeadCost) },
];

const fixed = (n: number) => n.toFixed(2);

export const campaignPerformanceCsv = (rows: CampaignPerformanceRow[]) =>
  csvText(
    ['Fund', 'Vendor', 'Campaign', 'Agent Price', 'Company Price', 'Leads Purchased', 'Leads Credited', 'Total Leads', 'Average Score', 'Total Lead Cost'],
    rows.map((r) => [r.Fund, r.Vendor, r.Campaign, fixed(r.AgentPrice), fixed(r.CompanyPrice), r.LeadsPurchased, r.LeadsCredited, r.TotalLeads, r.AverageScore, fixed(r.TotalLeadCost)]),
  );

export const campaignSummaryCsv = (rows: CampaignSummaryRow[]) =>
  csvText(
    ['Vendor', 'Campaign', 'Average Agent Price', 'Average Company Price', 'Total Leads Purchased', 'Total Leads Credited', 'Total Leads', 'Average Score', 'Total Lead Cost'],
    rows.map((r) => [r.Vendor, r.Campaign, fixed(r.AverageAgentPrice), fixed(r.AverageCompanyPrice), r.TotalLeadsPurchased, r.TotalLeadsCredited, r.TotalLeads, r.AverageScore, fixed(r.TotalLeadCost)]),
  );

export function useCampaignPerformanceReport(): ReportParts {
  const [month, setMonth] = useState(0);
  const [submitted, setSubmitted] = useState<DayRange>();
  const queryClient = useQueryClient();
  const query = useQuery({ ...campaignPerformanceQuery(submitted ?? NO_RANGE), enabled: submitted !== undefined });
  return {
    children: <MonthFrequencySelect value={month} onChange={setMonth} />,
    dates: false,
    onSubmit: () => setSubmitted(monthRange(month)),
    loading: query.isFetching,
    onExport: async () => csvDownload('CampaignPerformance', campaignPerformanceCsv(await queryClient.fetchQuery(campaignPerformanceQuery(monthRange(month))))),
    count: query.data?.length,
    empty: 'period',
    table: query.data && <ClientPagedTable label="Campaign Performance" rows={query.data} columns={CAMPAIGN_COLUMNS} pageSize={CAMPAIGN_PERFORMANCE_PAGE_SIZE} />,
  };
}

export function useCampaignSummaryReport(): ReportParts {
  const [month, setMonth] = useState(0);
  const [submitted, setSubmitted] = useState<DayRange>();
  const queryClient = useQueryClient();
  const query = useQuery({ ...campaignSummaryQuery(submitted ?? NO_RANGE), enabled: submitted !== undefined });
  return {
    children: <MonthFrequencySelect value={month} onChange={setMonth} />,
    dates: false,
    onSubmit: () => setSubmitted(monthRange(month)),
    loading: query.isFetching,
    onExport: async () => csvDownload('CampaignSummaryPerformance', campaignSummaryCsv(await queryClient.fetchQuery(campaignSummaryQuery(monthRange(month))))),
    count: query.data?.length,
    empty: 'period',
    table: query.data && <ClientPagedTable label="Campaign Summary Performance" rows={query.data} columns={SUMMARY_COLUMNS} pageSize={CAMPAIGN_PERFORMANCE_PAGE_SIZE} />,
  };
}
