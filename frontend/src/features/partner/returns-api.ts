// GET /api/partner/{vendorId}/returns: one page of the disputes of the vendor's leads (issue 24).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import type { PartnerReturn, PartnerReturnsPage, PartnerReturnsQuery } from '#shared/api/partner-data.ts';

export type { PartnerReturn, PartnerReturnsPage };

export const partnerReturnsQueryOptions = (vendorId: string, query: PartnerReturnsQuery | undefined) =>
  queryOptions({
    queryKey: ['partner', vendorId, 'returns', query],
    queryFn: ({ signal }) => callApi<'partner.returns', PartnerReturnsPage>('partner.returns', { params: { vendorId }, query: query!, signal }),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

/** No query (the range is not one the server takes) asks nothing. */
export const usePartnerReturns = (vendorId: string, query: PartnerReturnsQuery | undefined) => useQuery(partnerReturnsQueryOptions(vendorId, query));
