// GET /api/vendor/{vendorId}/reasons/{leadId}: the reasons a lead of this vendor may be disputed for.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';

export const disputeReasonsQueryOptions = (vendorId: string, leadId: string) =>
  queryOptions({
    queryKey: ['vendor', vendorId, 'disputeReasons', leadId],
    queryFn: ({ signal }) => callApi('vendors.disputeReasons', { params: { vendorId, leadId }, signal }),
  });

export const useDisputeReasons = (vendorId: string | null, leadId: string) =>
  useQuery({ ...disputeReasonsQueryOptions(vendorId ?? '-', leadId), enabled: vendorId !== null });
