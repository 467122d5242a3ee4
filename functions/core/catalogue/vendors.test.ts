import { describe, expect, it } from 'vitest';
import { vendorTableQuerySchema } from '#shared/api/vendors.ts';
import type { Vendor } from '#entities/vendor.ts';
import { vendorTablePage } from './vendors.ts';

const vendor = (name: string, createdBy = 'a@x.com', createdAt = '2026-01-01T00:00:00.000Z'): Vendor => ({
  vendorId: name.toLowerCase().replace(/\W/g, ''),
  name,
  code: name.slice(0, 3).toUpperCase(),
  description: '',
  status: 1,
  createdAt,
  createdBy,
  lastUpdated: createdAt,
  modifiedBy: createdBy,
  revision: 1,
  archived: false,
  allowCreditLineUse: false,
  allowDisputes: false,
  allowVariablePricing: false,
  isPartner: false,
});

const query = (raw: Record<string, string>) => vendorTableQuerySchema.parse(raw);

describe('vendor table query', () => {
  it('reads filterObject[i].id and .Value in any case and drops empty filters', () => {
    const q = query({ 'filterObject[0].id': 'Name', 'filterObject[0].Value': 'acme', 'filterObject[1].Id': 'Code', 'filterObject[1].value': '' });
    expect(q.filters).toEqual([{ id: 'Name', value: 'acme' }]);
    expect(q).toMatchObject({ page: 1, pageSize: 10, sortColumnName: 'Name', sortOrder: 'asc' });
  });

  it('refuses a filter on a column the table does not filter by', () => {
    expect(vendorTableQuerySchema.safeParse({ 'filterObject[0].id': 'tokenHash', 'filterObject[0].Value': 'a' }).success).toBe(false);
  });
});

describe('vendorTablePage', () => {
  const all = Array.from({ length: 23 }, (_, i) => vendor(`Vendor ${String(i).padStart(2, '0')}`, i % 2 ? 'odd@x.com' : 'even@x.com'));

  it('pages 10 at a time and counts the pages', () => {
    const page3 = vendorTablePage(all, query({ page: '3' }));
    expect(page3.rows.map((v) => v.name)).toEqual(['Vendor 20', 'Vendor 21', 'Vendor 22']);
    expect(page3).toMatchObject({ pages: 3, total: 23 });
  });

  it('filters case-insensitively by contains and sorts descending', () => {
    const page = vendorTablePage(all, query({ sortOrder: 'desc', 'filterObject[0].id': 'CreatedBy', 'filterObject[0].Value': 'ODD' }));
    expect(page.total).toBe(11);
    expect(page.rows[0]!.name).toBe('Vendor 21');
  });

  it('breaks ties by name so paging is stable', () => {
    const page = vendorTablePage(all, query({ sortColumnName: 'CreatedBy', pageSize: '100' }));
    expect(page.rows.slice(0, 3).map((v) => v.name)).toEqual(['Vendor 00', 'Vendor 02', 'Vendor 04']);
  });
});
