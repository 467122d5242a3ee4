// The drawer's entries for one user (spec part 1 §2.2): every item the spec lists, each kept only
// when the user holds its permission, in the spec's order, and only when the page it opens would
// let the user in and has something to show them (docs/api.md, Decisions: links lead only to pages
// the viewer can open).
import type { Permission, Role } from '#shared/permissions.ts';
import { pageAccess } from '../../routing/page-access.ts';
import { uiRouteOf } from '../../routing/ui-route-lookup.ts';
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
  Roles: readonly Role[];
  IsFundPreview: boolean;
  /** Whether an agent account is linked: staff have none, so pages about one's own account are empty for them. */
  HasAccount: boolean;
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
  /** The page shows the user's own agent account (its leads, orders, ledger, settings): hidden without one. */
  ownAccount?: true;
  /** An extra condition beside the permission (My Fund Orders: fund preview only). */
  when?: (user: DrawerUser) => boolean;
  entry: (user: DrawerUser) => DrawerEntry;
}

const link = (label: string, to: DrawerPath): Candidate['entry'] => () => ({ kind: 'link', label, to });

const CANDIDATES: Candidate[] = [
  { needs: 'CAN_VIEW_MY_HOMEPAGE', entry: link('Home', '/') },
  { needs: 'CAN_VIEW_MY_TEAM', entry: link('My Team', '/myteam') },
  { needs: 'CAN_VIEW_MY_LEADS', ownAccount: true, entry: link('My Leads', '/leads') },
  { needs: 'CAN_VIEW_MY_ORDERS', ownAccount: true, entry: (user) => ({ kind: 'link', label: 'My Orders', to: myOrdersPath(user) }) },
  {
    needs: 'CAN_VIEW_MY_FUND_ORDERS',
    ownAccount: true,
    when: (user) => user.IsFundPreview,
    entry: () => ({ kind: 'link', label: 'My Fund Orders', to: '/fundorders', isNew: true }),
  },
  { needs: 'CAN_VIEW_MY_ACCOUNT', ownAccount: true, entry: link('My Account', '/account') },
  { needs: 'CAN_VIEW_AGENTS', entry: link('Agents', '/admin/agent') },
  { needs: 'CAN_VIEW_ALL_LEADS', entry: link('Leads', '/leads/all') },
  // Beyond the spec's drawer (issue 11): the staff dispute queue, beside the leads it is about.
  { needs: 'CAN_VIEW_ALL_LEADS', entry: link('Disputes', '/leads/disputes') },
  // Beyond the spec's drawer (issue 23): failing deliveries to agents' CRMs, beside the other staff queues.
  { needs: 'CAN_VIEW_AGENTS', entry: link('CRM Deliveries', '/webhooks/failures') },
  { needs: 'CAN_VIEW_CAMPAIGNS', entry: link('Campaigns', '/campaigns') },
  { needs: 'CAN_VIEW_VENDORS', entry: link('Vendors', '/vendors') },
  // Beyond the spec's drawer (issue 24): the whole API's reference (the OpenAPI document), beside the vendors who use it.
  { needs: 'CAN_VIEW_VENDORS', entry: link('API Reference', '/apiReference') },
  // Beyond the spec's drawer (issue 24): the do-not-call lists, beside the catalogue they guard.
  { needs: 'CAN_EDIT_CAMPAIGNS', entry: link('Do-Not-Call Lists', '/campaigns/doNotCall') },
  { needs: 'CAN_VIEW_FUNDS', entry: link('Funds', '/funds') },
  { needs: 'CAN_VIEW_ROUTING_RULES', entry: link('Routing Rules', '/leads/rules') },
  { needs: 'CAN_VIEW_CONTRACTS', entry: link('Contract Map', '/contract') },
  { needs: 'CAN_VIEW_CONTRACTS', entry: link('Price Factors', '/admin/priceFactors') },
  { needs: 'CAN_VIEW_LC_REPORTS', entry: () => ({ kind: 'submenu', label: 'Reports', items: REPORT_LINKS }) },
  // The spec's "Funds dialog": named after the dialog it opens, so it never reads like the staff Funds page.
  { needs: 'CAN_VIEW_SETTINGS', entry: () => ({ kind: 'availableFunds', label: 'Available Funds' }) },
  { needs: 'CAN_VIEW_SETTINGS', ownAccount: true, entry: link('Settings', '/account/preferences') },
  { needs: 'CAN_VIEW_HELP_URL', entry: () => ({ kind: 'help', label: 'Help' }) },
  { entry: () => ({ kind: 'signOut', label: 'Sign Out' }) },
];

/** Whether the page at `to` lets the user in, by the same table the page guard reads. */
export const mayOpen = (user: DrawerUser, to: DrawerPath): boolean => pageAccess(uiRouteOf(to)?.access, user).allowed;

/**
 * A link is shown only when the page behind it would let the user in: the spec ties each item to a
 * permission, but some items lead to pages that ask for another one (My Orders goes to fund orders).
 */
function opens(user: DrawerUser, entry: DrawerEntry): DrawerEntry | undefined {
  if (entry.kind === 'link') return mayOpen(user, entry.to) ? entry : undefined;
  if (entry.kind === 'submenu') {
    const items = entry.items.filter((item) => mayOpen(user, item.to));
    return items.length > 0 ? { ...entry, items } : undefined;
  }
  return entry;
}

export function drawerEntries(user: DrawerUser): DrawerEntry[] {
  return CANDIDATES.filter(
    ({ needs, when, ownAccount }) => (!needs || user.Permissions.includes(needs)) && (!when || when(user)) && (!ownAccount || user.HasAccount),
  )
    .map(({ entry }) => opens(user, entry(user)))
    .filter((entry): entry is DrawerEntry => entry !== undefined);
}
