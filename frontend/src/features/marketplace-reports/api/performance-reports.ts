// The marketplace reports' calls (part 3 §7): campaign, summary and fund performance with the fund
// export, the internal-lead sources and leads, open orders with their export, and the funds list the
// Open Orders dropdown offers. Queries run once a report is submitted; exports are mutations.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '#shared/api/index.ts';
import type { OpenOrderSortColumn } from '#shared/api/reports-performance.ts';
import { callApi } from '@/api/client.ts';

export type CampaignPerformanceRow = ResponseOf<'reports.campaignPerformance'>['Result'][number];
export type CampaignSummaryRow = ResponseOf<'reports.campaignSummaryPerformance'>['Result'][number];
export type FundPerformanceRow = ResponseOf<'reports.fundPerformance'>['Result'][number];
export type InternalLeadRow = ResponseOf<'reports.internalLeads'>[number];
export type InternalLeadsPage = ResponseOf<'reports.internalLeadsPage'>;
export type OpenOrdersPage = ResponseOf<'reports.openOrders'>;
export type OpenOrderRow = OpenOrdersPage['Data'][number];

export interface DayRange {
  startDate: string;
  endDate: string;
}

const reportKeys = {
  campaign: (r: DayRange) => ['reports', 'campaignPerformance', r.startDate, r.endDate] as const,
  summary: (r: DayRange) => ['reports', 'campaignSummaryPerformance', r.startDate, r.endDate] as const,
  fund: (r: DayRange) => ['reports', 'fundPerformance', r.startDate, r.endDate] as const,
  sources: ['reports', 'internalLeadUsers'] as const,
};

export const campaignPerformanceQuery = (range: DayRange) =>
  queryOptions({
    queryKey: reportKeys.campaign(range),
    queryFn: async ({ signal }) => (await callApi('reports.campaignPerformance', { params: range, signal })).Result,
  });

/** Campaign Summary takes date-times (part 3 §7): the first and last second of the range. */
export const campaignSummaryQuery = (range: DayRange) =>
  queryOptions({
    queryKey: reportKeys.summary(range),
    queryFn: async ({ signal }) =>
      (await callApi('reports.campaignSummaryPerformance', { params: { startDate: `${range.startDate}T00:00:00`, endDate: `${range.endDate}T23:59:59` }, signal })).Result,
  });

export const fundPerformanceQuery = (range: DayRange) =>
  queryOptions({
    queryKey: reportKeys.fund(range),
    queryFn: async ({ signal }) => (await callApi('reports.fundPerformance', { params: range, signal })).Result,
  });

const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The fund export's end is one day later than the last day shown (part 3 §7). */
export const exportFundPerformance = (range: DayRange) =>
  callApi('reports.fundPerformanceExport', { params: { startDate: range.startDate, endDate: dayAfter(range.endDate) } });

export const useInternalLeadSources = () =>
  useQuery({ queryKey: reportKeys.sources, queryFn: ({ signal }) => callApi('reports.internalLeadUsers', { signal }), staleTime: 60_000 });

/** yyyyMMddHHmmss of the range's first and last second (part 3 §7). */
export const compactRange = (range: DayRange) => ({
  startDate: `${range.startDate.replaceAll('-', '')}000000`,
  endDate: `${range.endDate.replaceAll('-', '')}235959`,
});

/** The range's CSV, written by the server to the exports bucket: its download link. */
export const exportInternalLeads = (range: DayRange, source: string) => callApi('reports.internalLeadsExport', { params: { ...compactRange(range), source } });

/** One page of a source's leads (issue 12): the server counts the range and answers 25 rows. */
export interface InternalLeadsPageQuery {
  range: DayRange;
  source: string;
  page: number;
}

/** The submitted page; the previous page stays on screen while the next one loads. */
export const useInternalLeadsPage = (q: InternalLeadsPageQuery | undefined) =>
  useQuery({
    queryKey: ['reports', 'internalLeadsPage', q ?? null] as const,
    queryFn: ({ signal }): Promise<InternalLeadsPage> =>
      callApi('reports.internalLeadsPage', { params: { ...compactRange(q!.range), source: q!.source }, query: { page: q!.page }, signal }),
    enabled: q !== undefined,
    placeholderData: keepPreviousData,
  });

export interface OpenOrdersQuery {
  fundId: string;
  state: string;
  page: number;
  sortColumnName: OpenOrderSortColumn;
  sortOrder: 'asc' | 'desc';
}

const getOpenOrders = (q: OpenOrdersQuery, signal?: AbortSignal): Promise<OpenOrdersPage> =>
  callApi('reports.openOrders', {
    params: { fundId: q.fundId, state: q.state },
    query: { page: q.page, sortColumnName: q.sortColumnName, sortOrder: q.sortOrder },
    signal,
  });

/** The submitted page; the previous page stays on screen while the next one loads. */
export const useOpenOrders = (q: OpenOrdersQuery | undefined) =>
  useQuery({
    queryKey: ['reports', 'openOrders', q ?? null] as const,
    queryFn: ({ signal }) => getOpenOrders(q!, signal),
    enabled: q !== undefined,
    placeholderData: keepPreviousData,
  });

export const exportOpenOrders = (filter: { fundId: string; state: string }) => callApi('reports.openOrdersExport', { params: filter });

export const useFundChoices = () => useQuery({ queryKey: ['funds', 'list'], queryFn: ({ signal }) => callApi('funds.list', { signal }), staleTime: 60_000 });
