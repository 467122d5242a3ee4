// The partner portal's drawer (issue 24): its five screens, in the order vendors work through them.
export interface PartnerNavItem {
  label: string;
  /** Router path below /partner/$vendorID ('' is Home). */
  to: '/partner/$vendorID' | '/partner/$vendorID/leads' | '/partner/$vendorID/returns' | '/partner/$vendorID/integration' | '/partner/$vendorID/users';
}

export const PARTNER_NAV: readonly PartnerNavItem[] = [
  { label: 'Home', to: '/partner/$vendorID' },
  { label: 'Leads', to: '/partner/$vendorID/leads' },
  { label: 'Returns', to: '/partner/$vendorID/returns' },
  { label: 'Integration', to: '/partner/$vendorID/integration' },
  { label: 'Users', to: '/partner/$vendorID/users' },
];

/** The item lit for a browser path: Home only on its own path, the others on theirs and below. */
export function activeNavItem(pathname: string, vendorId: string): PartnerNavItem | undefined {
  const base = `/partner/${vendorId}`;
  const trimmed = pathname.replace(/\/$/, '');
  return [...PARTNER_NAV].reverse().find((item) => {
    const path = item.to.replace('/partner/$vendorID', base);
    return item.to === '/partner/$vendorID' ? trimmed === base : trimmed === path || trimmed.startsWith(`${path}/`);
  });
}

/**
 * Who may change things in a vendor's portal (invite, change roles, remove, rotate): the vendor's own
 * administrators, and staff who edit vendors. The server decides the same way (VENDOR_ADMIN in shared/manifest.ts).
 */
export function mayManagePartner(me: { Permissions: readonly string[]; Vendor?: { Role: string } | null }): boolean {
  return me.Vendor ? me.Vendor.Role === 'admin' : me.Permissions.includes('CAN_EDIT_VENDORS');
}
