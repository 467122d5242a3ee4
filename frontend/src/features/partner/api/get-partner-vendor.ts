// GET /api/partner/{vendorId}: the vendor whose partner portal is open (the shell's header).
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';

export const partnerVendorKey = (vendorId: string) => ['partner', vendorId, 'vendor'] as const;

export const partnerVendorQueryOptions = (vendorId: string) =>
  queryOptions({ queryKey: partnerVendorKey(vendorId), queryFn: ({ signal }) => callApi('partner.vendor', { params: { vendorId }, signal }) });

export const usePartnerVendor = (vendorId: string) => useSuspenseQuery(partnerVendorQueryOptions(vendorId)).data;
