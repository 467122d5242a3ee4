// GET /api/reports/insights: the staff Home's marketplace per day, orders starving for leads and unsold
// supply (issue 12).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '#shared/api/index.ts';
import { callApi } from '@/api/client.ts';

export type StaffInsights = ResponseOf<'reports.insights'>;

export const getStaffInsights = (signal?: AbortSignal) => callApi('reports.insights', { signal });

export const staffInsightsQueryOptions = queryOptions({
  queryKey: ['reports', 'insights'] as const,
  queryFn: ({ signal }) => getStaffInsights(signal),
});

export const useStaffInsights = () => useQuery(staffInsightsQueryOptions);
