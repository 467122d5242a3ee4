// GET vendor, GET vendor/names, GET VendorTable: the vendor list for dropdowns and the paged table.
import { allVendors, vendorTablePage } from '#core/catalogue/vendors.ts';
import { ok, route } from '#platform/http.ts';
import { toVendorRow } from './vendor-shapes.ts';

export const listVendors = route('vendors.list', { handle: async () => ok((await allVendors()).map(toVendorRow)) });

export const listVendorNames = route('vendors.names', {
  handle: async () => ok((await allVendors()).map((v) => ({ VendorId: v.vendorId, Name: v.name, Code: v.code, Status: v.status }))),
});

export const vendorTable = route('vendors.table', {
  handle: async ({ query }) => {
    const page = vendorTablePage(await allVendors(), query);
    return ok({ Vendors: page.rows.map(toVendorRow), Pages: page.pages, TotalCount: page.total });
  },
});
