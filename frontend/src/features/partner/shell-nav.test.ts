import { describe, expect, it } from 'vitest';
import { activeNavItem, mayManagePartner, PARTNER_NAV } from './shell-nav.ts';

describe('the partner drawer', () => {
  it('lists Home, Leads, Returns, Integration and Users', () => {
    expect(PARTNER_NAV.map((i) => i.label)).toEqual(['Home', 'Leads', 'Returns', 'Integration', 'Users']);
  });

  it('lights Home only on its own path and the others on theirs and below', () => {
    expect(activeNavItem('/partner/V1', 'V1')?.label).toBe('Home');
    expect(activeNavItem('/partner/V1/', 'V1')?.label).toBe('Home');
    expect(activeNavItem('/partner/V1/leads', 'V1')?.label).toBe('Leads');
    expect(activeNavItem('/partner/V1/leads/L-7', 'V1')?.label).toBe('Leads');
    expect(activeNavItem('/partner/V1/users', 'V1')?.label).toBe('Users');
    expect(activeNavItem('/vendors', 'V1')).toBeUndefined();
  });
});

describe('who may change things in a partner portal', () => {
  it("is the vendor's administrators, not its read-only users", () => {
    expect(mayManagePartner({ Permissions: [], Vendor: { Role: 'admin' } })).toBe(true);
    expect(mayManagePartner({ Permissions: [], Vendor: { Role: 'readOnly' } })).toBe(false);
  });

  it('is staff who edit vendors, not those who only view them', () => {
    expect(mayManagePartner({ Permissions: ['CAN_VIEW_VENDORS', 'CAN_EDIT_VENDORS'], Vendor: null })).toBe(true);
    expect(mayManagePartner({ Permissions: ['CAN_VIEW_VENDORS'], Vendor: null })).toBe(false);
  });
});
