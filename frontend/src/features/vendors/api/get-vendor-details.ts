// GET /api/vendor/{id}: the vendor with its contact, administrators and dispute reasons, for the
// Vendors list's View Details dialog (spec part 3 §2).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';

export const vendorDetailsKey = (vendorId: string) => ['vendor', 'details', vendorId] as const;

export const getVendorDetails = (vendorId: string, signal?: AbortSignal) => callApi('vendors.get', { params: { vendorId }, signal });

export const vendorDetailsQueryOptions = (vendorId: string) =>
  queryOptions({ queryKey: vendorDetailsKey(vendorId), queryFn: ({ signal }) => getVendorDetails(vendorId, signal), staleTime: 0 });

export const useVendorDetails = (vendorId: string) => useQuery(vendorDetailsQueryOptions(vendorId));
