// GET /api/VendorTable: one page of the Vendors table (spec part 3 §2, §7), filtered, sorted and paged
// by the server, answered as Vendors, Pages and TotalCount.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import type { VendorRow, VendorTablePage } from '#shared/api/vendors.ts';
import type { VendorTableRequest } from '../vendor-list-search.ts';

export type { VendorRow };

/** Every page of the table (the toggle rewrites a row in whichever pages hold it). */
export const VENDOR_TABLE_KEY = ['vendor', 'table'] as const;

export const listVendors = (request: VendorTableRequest, signal?: AbortSignal) =>
  callApi<'vendors.table', VendorTablePage>('vendors.table', { query: request, signal });

export const vendorTableQueryOptions = (request: VendorTableRequest) =>
  queryOptions({
    queryKey: [...VENDOR_TABLE_KEY, request],
    queryFn: ({ signal }) => listVendors(request, signal),
    // The current rows stay on screen while the next page, sort or filter loads.
    placeholderData: keepPreviousData,
    // Vendors are created and edited on other pages: coming back to the list reads it again.
    staleTime: 0,
  });

export const useVendorTable = (request: VendorTableRequest) => useQuery(vendorTableQueryOptions(request));
