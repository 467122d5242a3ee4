import { describe, expect, it } from 'vitest';
import { UI_ROUTES } from '#shared/ui-routes.ts';
import { pageAccess } from './page-access.ts';

const route = (name: string) => UI_ROUTES.find((r) => r.name === name)!.access;

describe('page access', () => {
  it('lets a user with one of the listed permissions in', () => {
    expect(pageAccess(route('fundOrders'), { Permissions: ['CAN_VIEW_AGENTS'], Roles: ['manager'] })).toEqual({ allowed: true });
  });

  it('lists every permission of the page when the user holds none of them', () => {
    expect(pageAccess(route('fundOrders'), { Permissions: ['CAN_VIEW_MY_ORDERS'], Roles: ['agent'] })).toEqual({
      allowed: false,
      of: 'permissions',
      missing: ['CAN_VIEW_MY_FUND_ORDERS', 'CAN_VIEW_AGENTS'],
    });
  });

  it('lists the roles of a role-only page', () => {
    expect(pageAccess(route('priceFactors'), { Permissions: ['CAN_VIEW_CONTRACTS'], Roles: ['support'] })).toEqual({
      allowed: false,
      of: 'roles',
      missing: ['admin'],
    });
    expect(pageAccess(route('adminLeadRules'), { Permissions: [], Roles: ['support'] })).toEqual({ allowed: true });
  });

  it('opens public pages and paths outside the table to everybody', () => {
    expect(pageAccess(route('salesLeadsForm'), { Permissions: [], Roles: [] })).toEqual({ allowed: true });
    expect(pageAccess(undefined, { Permissions: [], Roles: [] })).toEqual({ allowed: true });
  });
});

describe('partner portal pages (issue 24)', () => {
  const vendorUser = { Permissions: [], Roles: ['vendor'] as const, Vendor: { VendorId: 'V1' } };

  it("opens a vendor's pages to its own users only", () => {
    expect(pageAccess(route('partnerUsers'), { ...vendorUser, Roles: ['vendor'] }, { vendorID: 'V1' })).toEqual({ allowed: true });
    expect(pageAccess(route('partnerUsers'), { ...vendorUser, Roles: ['vendor'] }, { vendorID: 'V2' }).allowed).toBe(false);
    expect(pageAccess(route('partner'), { ...vendorUser, Roles: ['vendor'] })).toEqual({ allowed: true });
  });

  it('refuses a vendor user every agent and staff page, even one that lists nothing they lack', () => {
    expect(pageAccess(route('homePage'), { ...vendorUser, Roles: ['vendor'] }).allowed).toBe(false);
    expect(pageAccess(route('priceFactors'), { ...vendorUser, Roles: ['vendor'] }).allowed).toBe(false);
    expect(pageAccess(route('partnerWelcome'), { ...vendorUser, Roles: ['vendor'] })).toEqual({ allowed: true });
  });

  it('opens partner pages to staff who view vendors, and refuses agents', () => {
    expect(pageAccess(route('partnerIntegration'), { Permissions: ['CAN_VIEW_VENDORS'], Roles: ['manager'] }, { vendorID: 'V9' })).toEqual({ allowed: true });
    expect(pageAccess(route('partnerIntegration'), { Permissions: ['CAN_VIEW_MY_LEADS'], Roles: ['agent'] }, { vendorID: 'V9' })).toEqual({
      allowed: false,
      of: 'permissions',
      missing: ['CAN_VIEW_VENDORS'],
    });
  });
});
