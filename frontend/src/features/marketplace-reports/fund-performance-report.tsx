// Fund Performance (part 3 §2, §3): a date range of at most 31 days, Submit, Export (a server CSV whose
// end is a day later, part 3 §7) and the table, 25 a page.
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { formatDollars } from '@/components/money.ts';
import { exportFundPerformance, fundPerformanceQuery, type DayRange, type FundPerformanceRow } from './api/performance-reports.ts';
import { ClientPagedTable } from './client-paged-table.tsx';
import type { ReportParts } from './report-parts.ts';

export const FUND_PERFORMANCE_PAGE_SIZE = 25;
const NO_RANGE: DayRange = { startDate: '', endDate: '' };

const COLUMNS: DataTableColumn<FundPerformanceRow & { key: number }>[] = [
  { accessor: 'Fund' },
  { accessor: 'LeadsPurchased', title: 'Leads Purchased', textAlign: 'right' },
  { accessor: 'TotalAgentPrice', title: 'Total Agent Price', textAlign: 'right', render: (r) => formatDollars(r.TotalAgentPrice) },
  { accessor: 'AverageAgentPrice', title: 'Average Agent Price', textAlign: 'right', render: (r) => formatDollars(r.AverageAgentPrice) },
  { accessor: 'TotalCompanyPrice', title: 'Total Company Price', textAlign: 'right', render: (r) => formatDollars(r.TotalCompanyPrice) },
  { accessor: 'AverageCompanyPrice', title: 'Average Company Price', textAlign: 'right', render: (r) => formatDollars(r.AverageCompanyPrice) },
  { accessor: 'MarginDifference', title: 'Margin Difference', textAlign: 'right', render: (r) => `${r.MarginDifference.toFixed(2)}%` },
];

export function useFundPerformanceReport(): ReportParts {
  const [submitted, setSubmitted] = useState<DayRange>();
  const query = useQuery({ ...fundPerformanceQuery(submitted ?? NO_RANGE), enabled: submitted !== undefined });
  return {
    onSubmit: (range) => range && setSubmitted(range),
    loading: query.isFetching,
    onExport: (range) => exportFundPerformance(range!),
    count: query.data?.length,
    empty: 'period',
    table: query.data && <ClientPagedTable label="Fund Performance" rows={query.data} columns={COLUMNS} pageSize={FUND_PERFORMANCE_PAGE_SIZE} />,
  };
}
