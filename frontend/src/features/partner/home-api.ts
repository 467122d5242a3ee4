// GET /api/partner/{vendorId}/summary?from&to: the partner Home's figures (issue 24).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import type { PartnerSummary } from '#shared/api/partner-data.ts';

export type { PartnerSummary };

export const partnerSummaryKey = (vendorId: string, from: string, to: string) => ['partner', vendorId, 'summary', from, to] as const;

export const partnerSummaryQueryOptions = (vendorId: string, range: { from: string; to: string }) =>
  queryOptions({
    queryKey: partnerSummaryKey(vendorId, range.from, range.to),
    queryFn: ({ signal }) => callApi<'partner.summary', PartnerSummary>('partner.summary', { params: { vendorId }, query: range, signal }),
    // The figures of the last range stay on screen while another range loads.
    placeholderData: keepPreviousData,
    // Leads keep arriving: coming back a minute later reads the figures again.
    staleTime: 60_000,
  });

export const usePartnerSummary = (vendorId: string, range: { from: string; to: string }) => useQuery(partnerSummaryQueryOptions(vendorId, range));
