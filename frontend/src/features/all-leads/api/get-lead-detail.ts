// GET /api/lead/{leadId}: one lead for staff with its sales, disputes, routing and decision trace.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import type { LeadDetail } from '#shared/api/all-leads.ts';

export type { LeadDetail };

export const leadDetailQueryOptions = (userFacingLeadId: number) =>
  queryOptions({
    queryKey: ['allLeads', 'detail', userFacingLeadId],
    queryFn: ({ signal }) => callApi<'leads.detail', LeadDetail>('leads.detail', { params: { leadId: String(userFacingLeadId) }, signal }),
    staleTime: 30_000,
  });

export const useLeadDetail = (userFacingLeadId: number) => useQuery(leadDetailQueryOptions(userFacingLeadId));
