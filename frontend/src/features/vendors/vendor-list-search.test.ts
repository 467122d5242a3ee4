import { describe, expect, it } from 'vitest';
import { vendorTableQuerySchema } from '#shared/api/vendors.ts';
import { vendorListSearchSchema, vendorTableRequest } from './vendor-list-search.ts';

describe('the Vendors table query', () => {
  it('asks for the first 10 vendors by name when the URL says nothing', () => {
    const search = vendorListSearchSchema.parse({});
    expect(vendorTableRequest(search)).toEqual({ page: 1, pageSize: 10, sortColumnName: 'Name', sortOrder: 'asc' });
  });

  it('sends each non-empty filter as a filterObject pair, numbered from 0, and the sort direction', () => {
    const search = vendorListSearchSchema.parse({ page: 2, sort: 'Created', desc: true, Name: ' acme ', Code: '', CreatedBy: 'seed' });
    expect(vendorTableRequest(search)).toEqual({
      page: 2,
      pageSize: 10,
      sortColumnName: 'Created',
      sortOrder: 'desc',
      'filterObject[0].id': 'Name',
      'filterObject[0].Value': 'acme',
      'filterObject[1].id': 'CreatedBy',
      'filterObject[1].Value': 'seed',
    });
  });

  it('is read by the server as the same page, sort and filters', () => {
    const request = vendorTableRequest(vendorListSearchSchema.parse({ sort: 'Code', Code: 'nwd' }));
    const asStrings = Object.fromEntries(Object.entries(request).map(([k, v]) => [k, String(v)]));
    expect(vendorTableQuerySchema.parse(asStrings)).toEqual({
      page: 1,
      pageSize: 10,
      sortColumnName: 'Code',
      sortOrder: 'asc',
      filters: [{ id: 'Code', value: 'nwd' }],
    });
  });

  it('refuses a sort column the server does not sort by', () => {
    expect(vendorListSearchSchema.safeParse({ sort: 'Description' }).success).toBe(false);
  });
});
