// The drawer's entries for one user (spec part 1 §2.2): every item the spec lists, each kept only
// when the user holds its permission, in the spec's order.
import type { Permission } from '#shared/permissions.ts';
import type { FileRoutesByTo } from '../../routeTree.gen.ts';

export type DrawerPath = keyof FileRoutesByTo;

export interface DrawerLink {
  label: string;
  to: DrawerPath;
}

export type DrawerEntry =
  | ({ kind: 'link'; isNew?: boolean } & DrawerLink)
  | { kind: 'submenu'; label: string; items: DrawerLink[] }
  | { kind: 'availableFunds'; label: string }
  | { kind: 'help'; label: string }
  | { kind: 'signOut'; label: string };

export interface DrawerUser {
  Permissions: readonly Permission[];
  IsFundPreview: boolean;
}

/**
 * Where My Orders goes: "to orders when fund preview is on, otherwise to fund orders" (part 1 §2.2).
 * Every agent holds CAN_VIEW_MY_FUND_ORDERS for that reason (shared/permissions.ts).
 */
export const myOrdersPath = (user: Pick<DrawerUser, 'IsFundPreview'>): DrawerPath => (user.IsFundPreview ? '/orders' : '/fundorders');

const REPORT_LINKS: DrawerLink[] = [
  { label: 'Transaction History', to: '/reports/transactionHistory' },
  { label: 'Fund Performance', to: '/reports/fundPerformance' },
  { label: 'Campaign Performance', to: '/reports/campaignPerformance' },
  { label: 'Campaign Summary Performance', to: '/reports/campaignSummaryPerformance' },
  { label: 'Account Summary', to: '/reports/accountSummary' },
  { label: 'Internal Leads', to: '/reports/internalLeads' },
  { label: 'Open Orders', to: '/reports/openOrders' },
  { label: 'Ping History', to: '/reports/pingHistory' },
];

interface Candidate {
  /** Shown when the user holds this permission; none means everybody (Sign Out). */
  needs?: Permission;
  /** An extra condition beside the permission (My Fund Orders: fund preview only). */
  when?: (user: DrawerUser) => boolean;
  entry: (user: DrawerUser) => DrawerEntry;
}

const link = (label: string, to: DrawerPath): Candidate['entry'] => () => ({ kind: 'link', label, to });

const CANDIDATES: Candidate[] = [
  { needs: 'CAN_VIEW_MY_HOMEPAGE', entry: link('Home', '/') },
  { needs: 'CAN_VIEW_MY_TEAM', entry: link('My Team', '/myteam') },
  { needs: 'CAN_VIEW_MY_LEADS', entry: link('My Leads', '/leads') },
  { needs: 'CAN_VIEW_MY_ORDERS', entry: (user) => ({ kind: 'link', label: 'My Orders', to: myOrdersPath(user) }) },
  {
    needs: 'CAN_VIEW_MY_FUND_ORDERS',
    when: (user) => user.IsFundPreview,
    entry: () => ({ kind: 'link', label: 'My Fund Orders', to: '/fundorders', isNew: true }),
  },
  { needs: 'CAN_VIEW_MY_ACCOUNT', entry: link('My Account', '/account') },
  { needs: 'CAN_VIEW_AGENTS', entry: link('Agents', '/admin/agent') },
  { needs: 'CAN_VIEW_ALL_LEADS', entry: link('Leads', '/leads/all') },
  { needs: 'CAN_VIEW_CAMPAIGNS', entry: link('Campaigns', '/campaigns') },
  { needs: 'CAN_VIEW_VENDORS', entry: link('Vendors', '/vendors') },
  { needs: 'CAN_VIEW_FUNDS', entry: link('Funds', '/funds') },
  { needs: 'CAN_VIEW_ROUTING_RULES', entry: link('Routing Rules', '/leads/rules') },
  { needs: 'CAN_VIEW_CONTRACTS', entry: link('Contract Map', '/contract') },
  { needs: 'CAN_VIEW_CONTRACTS', entry: link('Price Factors', '/admin/priceFactors') },
  { needs: 'CAN_VIEW_LC_REPORTS', entry: () => ({ kind: 'submenu', label: 'Reports', items: REPORT_LINKS }) },
  // The spec's "Funds dialog": named after the dialog it opens, so it never reads like the staff Funds page.
  { needs: 'CAN_VIEW_SETTINGS', entry: () => ({ kind: 'availableFunds', label: 'Available Funds' }) },
  { needs: 'CAN_VIEW_SETTINGS', entry: link('Settings', '/account/preferences') },
  { needs: 'CAN_VIEW_HELP_URL', entry: () => ({ kind: 'help', label: 'Help' }) },
  { entry: () => ({ kind: 'signOut', label: 'Sign Out' }) },
];

export function drawerEntries(user: DrawerUser): DrawerEntry[] {
  return CANDIDATES.filter(({ needs, when }) => (!needs || user.Permissions.includes(needs)) && (!when || when(user))).map(({ entry }) =>
    entry(user),
  );
}
