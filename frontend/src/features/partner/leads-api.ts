// GET /api/partner/{vendorId}/leads (one page of the vendor's leads) and /leads/{leadId} (one lead),
// and the vendor's campaigns for the Campaign filter (GET /api/partner/{vendorId}/integration).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { partnerIntegrationQueryOptions } from './api/partner-integration.ts';
import type { PartnerLeadDetail, PartnerLeadRow, PartnerLeadsPage, PartnerLeadsQuery } from '#shared/api/partner-data.ts';

export type { PartnerLeadDetail, PartnerLeadRow, PartnerLeadsPage };

export const partnerLeadsKey = (vendorId: string) => ['partner', vendorId, 'leads'] as const;

export const partnerLeadsQueryOptions = (vendorId: string, query: PartnerLeadsQuery | undefined) =>
  queryOptions({
    queryKey: [...partnerLeadsKey(vendorId), query],
    queryFn: ({ signal }) => callApi<'partner.leads', PartnerLeadsPage>('partner.leads', { params: { vendorId }, query: query!, signal }),
    enabled: query !== undefined,
    // The current rows stay on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

/** No query (the range is not one the server takes) asks nothing. */
export const usePartnerLeads = (vendorId: string, query: PartnerLeadsQuery | undefined) => useQuery(partnerLeadsQueryOptions(vendorId, query));

export const partnerLeadQueryOptions = (vendorId: string, leadId: string) =>
  queryOptions({
    queryKey: [...partnerLeadsKey(vendorId), 'detail', leadId],
    queryFn: ({ signal }) => callApi<'partner.lead', PartnerLeadDetail>('partner.lead', { params: { vendorId, leadId }, signal }),
    staleTime: 30_000,
  });

export const usePartnerLead = (vendorId: string, leadId: string) => useQuery(partnerLeadQueryOptions(vendorId, leadId));

/** The vendor's campaigns as filter choices (id and name), from the Integration screen's call. */
export function usePartnerCampaignChoices(vendorId: string): { value: string; label: string }[] {
  const { data } = useQuery(partnerIntegrationQueryOptions(vendorId));
  return (data?.Campaigns ?? []).map((c) => ({ value: c.CampaignId, label: c.Name }));
}
