// The ledger reports' calls (part 3 §7): a page of Account Summary, a page of Transaction History (the
// paged form, days MM-DD-YYYY), and the two CSV exports, which start a job and are followed to the file.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { usDayOf, type AccountSummaryPage, type TransactionHistoryPage } from '#shared/api/reports-ledger.ts';
import type { DayRange } from '@/components/report-frame.tsx';

export interface LedgerReportQuery {
  range: DayRange;
  page: number;
  pageSize: number;
  sort: string;
  desc: boolean;
  /** Column filters by column name; empty ones are left out. */
  filters: Record<string, string>;
}

/** The spec's query: page, pageSize, sortColumnName, sortOrder and filterObject[n].id / .Value. */
export function reportQueryParams(q: Omit<LedgerReportQuery, 'range'>): Record<string, string | number> {
  const params: Record<string, string | number> = { page: q.page, pageSize: q.pageSize, sortColumnName: q.sort, sortOrder: q.desc ? 'desc' : 'asc' };
  Object.entries(q.filters)
    .filter(([, value]) => value.trim() !== '')
    .forEach(([id, value], n) => {
      params[`filterObject[${n}].id`] = id;
      params[`filterObject[${n}].Value`] = value.trim();
    });
  return params;
}

export const ledgerReportKeys = {
  all: ['ledger-reports'] as const,
  accountSummary: (q: LedgerReportQuery) => [...ledgerReportKeys.all, 'account-summary', q] as const,
  transactionHistory: (q: LedgerReportQuery) => [...ledgerReportKeys.all, 'transaction-history', q] as const,
};

export const accountSummaryQueryOptions = (q: LedgerReportQuery) =>
  queryOptions({
    queryKey: ledgerReportKeys.accountSummary(q),
    queryFn: ({ signal }) =>
      callApi<'reports.accountSummary', AccountSummaryPage>('reports.accountSummary', { params: q.range, query: reportQueryParams(q) as never, signal }),
    placeholderData: keepPreviousData,
  });

export const transactionHistoryQueryOptions = (q: LedgerReportQuery) =>
  queryOptions({
    queryKey: ledgerReportKeys.transactionHistory(q),
    queryFn: ({ signal }) =>
      callApi<'reports.transactionHistory', TransactionHistoryPage>('reports.transactionHistory', {
        // MM-DD-YYYY days ask for the paged form.
        params: { startDate: usDayOf(q.range.startDate), endDate: usDayOf(q.range.endDate) },
        query: reportQueryParams(q) as never,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** Nothing is asked before Submit: `q` is undefined until then. */
export const useAccountSummary = (q: LedgerReportQuery | undefined) => useQuery({ ...accountSummaryQueryOptions(q!), enabled: q !== undefined });
export const useTransactionHistory = (q: LedgerReportQuery | undefined) => useQuery({ ...transactionHistoryQueryOptions(q!), enabled: q !== undefined });

export const startAccountSummaryExport = (range: DayRange) => callApi('reports.accountSummaryExport', { params: range });

export const startTransactionHistoryExport = (range: DayRange) => callApi('reports.transactionHistoryExport', { params: range });
