// The Vendors table's state in the URL (the server-table kit) and the GET VendorTable query it asks
// for (spec part 3 §7): page, sort column and direction, and the Name, Code and Created By filters as
// `filterObject[i].id` / `.Value` pairs, empty filters left out, 10 rows a page (§9).
import { filterSearch, pageSearchSchema, sortSearchSchema } from '@/components/server-table.ts';
import { VENDOR_PAGE_SIZE, VENDOR_SORT_COLUMNS, type VendorFilterColumn, type VendorSortColumn } from '#shared/vendors.ts';
import type { z } from 'zod';

export const VENDOR_LIST_FILTER_KEYS = ['Name', 'Code', 'CreatedBy'] as const satisfies readonly VendorFilterColumn[];

export const vendorListSearchSchema = pageSearchSchema
  .extend(sortSearchSchema(VENDOR_SORT_COLUMNS, 'Name').shape)
  .extend({ Name: filterSearch, Code: filterSearch, CreatedBy: filterSearch });

export type VendorListSearch = z.infer<typeof vendorListSearchSchema>;

/** The query string of GET VendorTable, as the server's vendorTableQuerySchema reads it. */
export type VendorTableRequest = {
  page: number;
  pageSize: number;
  sortColumnName: VendorSortColumn;
  sortOrder: 'asc' | 'desc';
} & Record<`filterObject[${number}].${'id' | 'Value'}`, string>;

export function vendorTableRequest(search: Pick<VendorListSearch, 'page' | 'sort' | 'desc' | VendorFilterColumn>): VendorTableRequest {
  const request: VendorTableRequest = {
    page: search.page,
    pageSize: VENDOR_PAGE_SIZE,
    sortColumnName: search.sort,
    sortOrder: search.desc ? 'desc' : 'asc',
  };
  let index = 0;
  for (const column of VENDOR_LIST_FILTER_KEYS) {
    const value = search[column].trim();
    if (!value) continue;
    request[`filterObject[${index}].id`] = column;
    request[`filterObject[${index}].Value`] = value;
    index += 1;
  }
  return request;
}
