import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '#core/seed/demo-users.ts';
import { PERMISSIONS, permissionsFor, rolesFor, ROLES, type UserFlags } from '#shared/permissions.ts';
import { drawerEntries, mayOpen, type DrawerEntry, type DrawerUser } from './drawer-entries.ts';

/** A user holding `Permissions`, every role, and an account: only the permission rules decide. */
const holder = (user: Partial<DrawerUser> & Pick<DrawerUser, 'Permissions' | 'IsFundPreview'>): DrawerUser => ({
  Roles: [...ROLES],
  HasAccount: true,
  ...user,
});

const demoUser = (role: string): DrawerUser => {
  const demo = DEMO_USERS.find((u) => u.role === role)!;
  const flags: UserFlags = {
    kind: demo.kind,
    isAdmin: demo.isAdmin ?? false,
    isManager: demo.isManager ?? false,
    isLeadConnectHome: demo.isLeadConnectHome ?? false,
    isSalesAssistant: demo.isSalesAssistant ?? false,
    isSponsorAgent: demo.isSponsorAgent ?? false,
    isFundPreview: demo.isFundPreview ?? false,
  };
  return { Permissions: permissionsFor(flags), Roles: rolesFor(flags), IsFundPreview: flags.isFundPreview, HasAccount: demo.agentId !== undefined };
};

const links = (entries: DrawerEntry[]) =>
  entries.flatMap((e) => (e.kind === 'link' ? [e] : e.kind === 'submenu' ? e.items : []));

const labels = (entries: DrawerEntry[]) => entries.map((e) => e.label);
const linkTo = (entries: DrawerEntry[], label: string) => {
  const entry = entries.find((e) => e.label === label);
  return entry?.kind === 'link' ? entry.to : undefined;
};

describe('the drawer entries', () => {
  it('give a user with every permission every item, in the spec order', () => {
    const entries = drawerEntries(holder({ Permissions: [...PERMISSIONS], IsFundPreview: true }));
    expect(labels(entries)).toEqual([
      'Home', 'My Team', 'My Leads', 'My Orders', 'My Fund Orders', 'My Account', 'Agents', 'Leads', 'Disputes', 'CRM Deliveries',
      'Campaigns', 'Vendors', 'API Reference', 'Do-Not-Call Lists', 'Funds', 'Routing Rules', 'Contract Map', 'Price Factors', 'Reports', 'Available Funds', 'Settings',
      'Help', 'Sign Out',
    ]);
    const reports = entries.find((e) => e.kind === 'submenu');
    expect(reports?.kind === 'submenu' && reports.items.map((i) => i.label)).toEqual([
      'Transaction History', 'Fund Performance', 'Campaign Performance', 'Campaign Summary Performance',
      'Account Summary', 'Internal Leads', 'Open Orders', 'Ping History',
    ]);
  });

  it('leave a user without permissions only Sign Out', () => {
    expect(labels(drawerEntries(holder({ Permissions: [], IsFundPreview: false })))).toEqual(['Sign Out']);
  });

  it('show My Fund Orders, tagged new, only with fund preview', () => {
    const permissions = permissionsFor({ kind: 'agent', isAdmin: false, isManager: false, isLeadConnectHome: false, isSalesAssistant: false, isSponsorAgent: false, isFundPreview: true });
    expect(drawerEntries(holder({ Permissions: permissions, IsFundPreview: true }))).toContainEqual({ kind: 'link', label: 'My Fund Orders', to: '/fundorders', isNew: true });
    expect(labels(drawerEntries(holder({ Permissions: permissions, IsFundPreview: false })))).not.toContain('My Fund Orders');
  });

  it('send My Orders to orders with fund preview and to fund orders without, as the spec says', () => {
    const Permissions = ['CAN_VIEW_MY_ORDERS', 'CAN_VIEW_MY_FUND_ORDERS'] as const;
    expect(linkTo(drawerEntries(holder({ Permissions, IsFundPreview: true })), 'My Orders')).toBe('/orders');
    expect(linkTo(drawerEntries(holder({ Permissions, IsFundPreview: false })), 'My Orders')).toBe('/fundorders');
  });

  it('drop My Orders when the fund orders page it leads to would refuse the user', () => {
    expect(linkTo(drawerEntries(holder({ Permissions: ['CAN_VIEW_MY_ORDERS'], IsFundPreview: false })), 'My Orders')).toBeUndefined();
  });

  it('tie Available Funds and Settings to CAN_VIEW_SETTINGS and Help to CAN_VIEW_HELP_URL', () => {
    expect(labels(drawerEntries(holder({ Permissions: ['CAN_VIEW_SETTINGS'], IsFundPreview: false })))).toEqual(['Available Funds', 'Settings', 'Sign Out']);
    expect(labels(drawerEntries(holder({ Permissions: ['CAN_VIEW_HELP_URL'], IsFundPreview: false })))).toEqual(['Help', 'Sign Out']);
  });

  it.each(DEMO_USERS.map((u) => u.role))('give the %s only links to pages that let them in', (role) => {
    const user = demoUser(role);
    expect(links(drawerEntries(user)).filter((l) => !mayOpen(user, l.to)).map((l) => l.label)).toEqual([]);
  });

  it("keep the sales assistant's My Orders, which opens the viewed agent's fund orders", () => {
    expect(linkTo(drawerEntries(demoUser('sales assistant')), 'My Orders')).toBe('/fundorders');
  });

  it('give staff the API Reference, and agents not', () => {
    for (const role of ['admin', 'manager', 'support']) expect(linkTo(drawerEntries(demoUser(role)), 'API Reference'), role).toBe('/apiReference');
    expect(labels(drawerEntries(demoUser('captive agent')))).not.toContain('API Reference');
  });

  it('give staff who view agents CRM Deliveries, and agents not', () => {
    for (const role of ['admin', 'manager', 'support']) expect(linkTo(drawerEntries(demoUser(role)), 'CRM Deliveries'), role).toBe('/webhooks/failures');
    expect(labels(drawerEntries(demoUser('captive agent')))).not.toContain('CRM Deliveries');
  });

  it('give staff without an agent account no items about their own account', () => {
    const own = ['My Leads', 'My Orders', 'My Fund Orders', 'My Account', 'Settings'];
    for (const role of ['admin', 'manager', 'support']) expect(labels(drawerEntries(demoUser(role))).filter((l) => own.includes(l)), role).toEqual([]);
    // Admins keep what works without an account: the staff pages and the Available Funds dialog (all funds).
    expect(labels(drawerEntries(demoUser('admin')))).toEqual(expect.arrayContaining(['Home', 'My Team', 'Agents', 'Available Funds', 'Sign Out']));
  });
});
