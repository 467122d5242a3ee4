// GET /api/lead/pinghistory/startDate/{day}/endDate/{day}/campaign/{code}/vendor/{code}: one page (25
// rows) of a campaign and vendor's live-transfer pings, with Pages and TotalCount.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ResponseOf } from '#shared/api/index.ts';
import type { PingSortColumn } from '#shared/api/reports-ping.ts';
import { callApi } from '@/api/client.ts';

export type PingHistoryPage = ResponseOf<'reports.pingHistory'>;
export type PingHistoryRow = PingHistoryPage['Data'][number];

export interface PingHistoryCriteria {
  campaignCode: string;
  vendorCode: string;
  /** YYYY-MM-DD, both days included. */
  startDate: string;
  endDate: string;
  /** 1-based. */
  page: number;
  sort: PingSortColumn;
  desc: boolean;
}

export const pingHistoryKeys = {
  all: ['reports', 'pingHistory'] as const,
  page: (c: PingHistoryCriteria) => [...pingHistoryKeys.all, c] as const,
};

export const getPingHistory = (c: PingHistoryCriteria, signal?: AbortSignal) =>
  callApi('reports.pingHistory', {
    params: { startDate: c.startDate, endDate: c.endDate, campaignCode: c.campaignCode, vendorCode: c.vendorCode },
    query: { page: c.page, sortColumnName: c.sort, sortOrder: c.desc ? 'desc' : 'asc' },
    signal,
  });

export const pingHistoryQueryOptions = (c: PingHistoryCriteria) =>
  queryOptions({ queryKey: pingHistoryKeys.page(c), queryFn: ({ signal }) => getPingHistory(c, signal) });

/** Nothing is asked before Submit; the previous page stays on screen while the next one loads. */
export function usePingHistory(c: PingHistoryCriteria | undefined) {
  const result = useQuery({
    ...pingHistoryQueryOptions(c ?? ({} as PingHistoryCriteria)),
    enabled: c !== undefined,
    placeholderData: keepPreviousData,
  });
  const { error } = result;
  useEffect(() => {
    // Part 3 §8: report fetch failures are only logged.
    if (error) console.error('Ping History could not be loaded.', error.message);
  }, [error]);
  return result;
}
