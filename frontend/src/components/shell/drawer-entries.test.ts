import { describe, expect, it } from 'vitest';
import { PERMISSIONS, permissionsFor } from '#shared/permissions.ts';
import { drawerEntries, type DrawerEntry } from './drawer-entries.ts';

const labels = (entries: DrawerEntry[]) => entries.map((e) => e.label);
const linkTo = (entries: DrawerEntry[], label: string) => {
  const entry = entries.find((e) => e.label === label);
  return entry?.kind === 'link' ? entry.to : undefined;
};

describe('the drawer entries', () => {
  it('give a user with every permission every item, in the spec order', () => {
    const entries = drawerEntries({ Permissions: [...PERMISSIONS], IsFundPreview: true });
    expect(labels(entries)).toEqual([
      'Home', 'My Team', 'My Leads', 'My Orders', 'My Fund Orders', 'My Account', 'Agents', 'Leads', 'Campaigns',
      'Vendors', 'Funds', 'Routing Rules', 'Contract Map', 'Price Factors', 'Reports', 'Available Funds', 'Settings',
      'Help', 'Sign Out',
    ]);
    const reports = entries.find((e) => e.kind === 'submenu');
    expect(reports?.kind === 'submenu' && reports.items.map((i) => i.label)).toEqual([
      'Transaction History', 'Fund Performance', 'Campaign Performance', 'Campaign Summary Performance',
      'Account Summary', 'Internal Leads', 'Open Orders', 'Ping History',
    ]);
  });

  it('leave a user without permissions only Sign Out', () => {
    expect(labels(drawerEntries({ Permissions: [], IsFundPreview: false }))).toEqual(['Sign Out']);
  });

  it('show My Fund Orders, tagged new, only with fund preview', () => {
    const permissions = permissionsFor({ kind: 'agent', isAdmin: false, isManager: false, isLeadConnectHome: false, isSalesAssistant: false, isSponsorAgent: false, isFundPreview: true });
    expect(drawerEntries({ Permissions: permissions, IsFundPreview: true })).toContainEqual({ kind: 'link', label: 'My Fund Orders', to: '/fundorders', isNew: true });
    expect(labels(drawerEntries({ Permissions: permissions, IsFundPreview: false }))).not.toContain('My Fund Orders');
  });

  it('send My Orders to orders with fund preview and to fund orders without, as the spec says', () => {
    expect(linkTo(drawerEntries({ Permissions: ['CAN_VIEW_MY_ORDERS'], IsFundPreview: true }), 'My Orders')).toBe('/orders');
    expect(linkTo(drawerEntries({ Permissions: ['CAN_VIEW_MY_ORDERS'], IsFundPreview: false }), 'My Orders')).toBe('/fundorders');
  });

  it('tie Available Funds and Settings to CAN_VIEW_SETTINGS and Help to CAN_VIEW_HELP_URL', () => {
    expect(labels(drawerEntries({ Permissions: ['CAN_VIEW_SETTINGS'], IsFundPreview: false }))).toEqual(['Available Funds', 'Settings', 'Sign Out']);
    expect(labels(drawerEntries({ Permissions: ['CAN_VIEW_HELP_URL'], IsFundPreview: false }))).toEqual(['Help', 'Sign Out']);
  });
});
