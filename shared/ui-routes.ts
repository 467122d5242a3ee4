// The browser route table: every screen path of the three spec parts (part 1 §2.1, part 2 §2,
// part 3 §2), its stable name, its title and who may open it. The frontend's file routes must match
// it exactly (a compile-time check in frontend/src/routing/ui-route-lookup.ts) and its page guard reads it.
import type { Permission, Role } from './permissions.ts';

/**
 * Who may open a screen: any signed-in user holding one of the permissions, or one of the roles, or
 * anybody without signing in (`public`, where start-up loading of the user is skipped).
 */
export type UiAccess =
  | { kind: 'public' }
  | { kind: 'anyPermission'; anyPermission: readonly Permission[] }
  | { kind: 'anyRole'; anyRole: readonly Role[] }
  /**
   * The partner portal (issue 24): vendor users, only for their own vendor (the page's `vendorID`), and
   * staff holding one of `staff` (who view any vendor's partner screens read-only). The server's "own
   * vendor" rule (ownVendor in shared/manifest.ts) is what actually decides; this keeps pages from opening.
   */
  | { kind: 'partner'; staff: readonly Permission[] };

export interface UiRoute {
  /**
   * Stable name for navigation. The spec's named routes (part 1 §2.1) keep their spec names; screens
   * the spec lists without a name get one in the same style.
   */
  name: string;
  /** Browser path with {param} placeholders, spelled as the spec writes it. */
  path: string;
  /** The screen's title: the spec's drawer label or heading, or a plain description where it has none. */
  title: string;
  access: UiAccess;
}

const anyOf = (...anyPermission: Permission[]): UiAccess => ({ kind: 'anyPermission', anyPermission });
const roles = (...anyRole: Role[]): UiAccess => ({ kind: 'anyRole', anyRole });
const PUBLIC: UiAccess = { kind: 'public' };
/** The partner portal's pages: the vendor's own users, and staff who view vendors. */
const PARTNER: UiAccess = { kind: 'partner', staff: ['CAN_VIEW_VENDORS'] };

/** "admin, manager or support" in part 1 §2.1; "admin, manager or the lead-connect-home role" in part 2 §2. */
const ADMIN_MANAGER_SUPPORT = roles('admin', 'manager', 'support');
/** "admin or support" (part 1), "admin or lead-connect-home" (part 3). */
const ADMIN_SUPPORT = roles('admin', 'support');
const ADMIN_ONLY = roles('admin');
const REPORTS = anyOf('CAN_VIEW_LC_REPORTS');

/*
 * The spec's named-routes list also has `agentFunds`, with no path anywhere in the three parts. The
 * only agent-facing funds screen the spec describes is the Available Funds dialog, which the shell
 * opens over the current page (part 1 §2.2), so it gets no browser route here.
 */
export const UI_ROUTES = [
  // Part 1: shell, home, team, account, settings, credit card
  { name: 'homePage', path: '/', title: 'Home', access: anyOf('CAN_VIEW_MY_HOMEPAGE') },
  { name: 'account', path: '/account', title: 'My Account', access: anyOf('CAN_VIEW_MY_ACCOUNT') },
  { name: 'team', path: '/myteam', title: 'My Team', access: anyOf('CAN_VIEW_MY_TEAM') },
  { name: 'accountPreferences', path: '/account/preferences', title: 'Settings', access: anyOf('CAN_VIEW_SETTINGS') },
  { name: 'addFundsCC', path: '/addFundsCC', title: 'Add Lead Money', access: anyOf('CAN_FUND_MY_ACCOUNT') },
  // The card provider sends its payment frame back here (CARD_RETURN_PATH in shared/card.ts). The page
  // only hands the provider's answer to Add Lead Money around it and calls nothing, so it loads no user.
  { name: 'addFundsCCReturn', path: '/addFundsCC/return', title: 'Add Lead Money', access: PUBLIC },
  { name: 'adminAccount', path: '/account/{agentID}/{firstName}/{lastName}', title: 'Agent Account', access: ADMIN_MANAGER_SUPPORT },

  // Part 2: orders and fund orders
  { name: 'orders', path: '/orders', title: 'My Orders', access: anyOf('CAN_VIEW_MY_ORDERS') },
  { name: 'fundOrders', path: '/fundorders', title: 'My Fund Orders', access: anyOf('CAN_VIEW_MY_FUND_ORDERS', 'CAN_VIEW_AGENTS') },
  { name: 'fundOrder', path: '/fundOrder/{orderID}', title: 'Fund Order', access: anyOf('CAN_VIEW_MY_FUND_ORDERS', 'CAN_EDIT_AGENTS') },
  { name: 'newOrder', path: '/order/new', title: 'New Order', access: anyOf('CAN_CREATE_ORDERS') },
  { name: 'editOrder', path: '/order/edit/{orderID}', title: 'Edit Order', access: anyOf('CAN_CREATE_ORDERS') },
  { name: 'adminNewOrder', path: '/order/new/{agentID}/{firstName}/{lastName}', title: 'New Order', access: ADMIN_MANAGER_SUPPORT },
  { name: 'adminFundOrder', path: '/fundOrder/{orderID}/{agentID}/{firstName}/{lastName}', title: 'Fund Order', access: ADMIN_MANAGER_SUPPORT },
  { name: 'adminViewOrders', path: '/viewOrders/{agentID}/{firstName}/{lastName}', title: 'Agent Orders', access: ADMIN_MANAGER_SUPPORT },
  { name: 'adminViewFundOrders', path: '/viewFundOrders/{agentID}/{firstName}/{lastName}', title: 'Agent Fund Orders', access: ADMIN_MANAGER_SUPPORT },
  { name: 'adminEditOrder', path: '/order/edit/{orderID}/{agentID}/{firstName}/{lastName}', title: 'Edit Order', access: ADMIN_ONLY },

  // Part 3: staff administration, leads, reports and public forms
  { name: 'adminAgent', path: '/admin/agent', title: 'Agents', access: anyOf('CAN_VIEW_AGENTS') },
  { name: 'agentManagement', path: '/agent/manage/{agentID}', title: 'Agent Information', access: anyOf('CAN_VIEW_MY_TEAM', 'CAN_VIEW_AGENTS') },
  { name: 'funds', path: '/funds', title: 'Funds Summary', access: anyOf('CAN_VIEW_FUNDS') },
  // The spec lists CAN_VIEW_CAMPAIGNS for /fund as for /fund/{fundID}, but a new fund is only ever saved
  // with CAN_EDIT_FUNDS (its New Fund button's permission, and the server's for POST /fund), so the page
  // refuses the rest before it opens; /fund/{fundID} opens read-only without it.
  { name: 'newFund', path: '/fund', title: 'New Fund', access: anyOf('CAN_EDIT_FUNDS') },
  { name: 'editFund', path: '/fund/{fundID}', title: 'Edit Fund', access: anyOf('CAN_VIEW_CAMPAIGNS') },
  { name: 'campaigns', path: '/campaigns', title: 'Campaigns', access: anyOf('CAN_VIEW_CAMPAIGNS') },
  // Beyond the spec (issue 24): the do-not-call lists, kept by whoever edits campaigns.
  { name: 'doNotCallLists', path: '/campaigns/doNotCall', title: 'Do-Not-Call Lists', access: anyOf('CAN_EDIT_CAMPAIGNS') },
  { name: 'newCampaign', path: '/campaigns/new', title: 'New Campaign', access: anyOf('CAN_CREATE_NEW_CAMPAIGNS') },
  { name: 'editCampaign', path: '/campaigns/edit/{campaignID}', title: 'Edit Campaign', access: anyOf('CAN_CREATE_NEW_CAMPAIGNS') },
  { name: 'newCampaignV2', path: '/v2/campaigns/new', title: 'New Campaign', access: anyOf('CAN_CREATE_NEW_CAMPAIGNS') },
  { name: 'editCampaignV2', path: '/v2/campaigns/edit/{campaignId}', title: 'Edit Campaign', access: anyOf('CAN_CREATE_NEW_CAMPAIGNS') },
  { name: 'vendors', path: '/vendors', title: 'Vendors', access: anyOf('CAN_VIEW_VENDORS') },
  { name: 'newVendor', path: '/vendor/new', title: 'New Vendor', access: anyOf('CAN_CREATE_NEW_VENDORS') },
  { name: 'editVendor', path: '/vendor/edit/{vendorID}', title: 'Edit Vendor', access: anyOf('CAN_CREATE_NEW_VENDORS') },
  { name: 'leads', path: '/leads', title: 'My Leads', access: anyOf('CAN_VIEW_MY_LEADS') },
  { name: 'adminAllLeads', path: '/leads/all', title: 'All Leads', access: anyOf('CAN_VIEW_ALL_LEADS') },
  { name: 'adminLeads', path: '/leads/{agentID}/{firstName}/{lastName}', title: 'Agent Leads', access: ADMIN_SUPPORT },
  { name: 'adminLeadRules', path: '/leads/rules', title: 'Routing Rules', access: ADMIN_SUPPORT },
  // Beyond the spec (issue 11): the staff queue of disputes waiting for a decision.
  { name: 'adminDisputes', path: '/leads/disputes', title: 'Disputes', access: anyOf('CAN_VIEW_ALL_LEADS') },
  // Beyond the spec (issue 23): deliveries to agents' CRMs that are failing, across agents, with Replay.
  { name: 'webhookFailures', path: '/webhooks/failures', title: 'CRM Deliveries', access: anyOf('CAN_VIEW_AGENTS') },
  // Beyond the spec (issue 24): every API call as GET /api/openapi.json describes it, for staff.
  { name: 'apiReference', path: '/apiReference', title: 'API Reference', access: ADMIN_MANAGER_SUPPORT },
  { name: 'adminContractMap', path: '/contract', title: 'Contract Map', access: ADMIN_SUPPORT },
  { name: 'priceFactors', path: '/admin/priceFactors', title: 'Price Factors', access: ADMIN_ONLY },
  { name: 'accountSummary', path: '/reports/accountSummary', title: 'Account Summary', access: REPORTS },
  { name: 'internalLeadsReport', path: '/reports/internalLeads', title: 'Internal Leads', access: REPORTS },
  // The spec gives this second path for the same report "in one place"; both readings open it.
  { name: 'firstFamilyInternalLeadsReport', path: '/reports/firstFamilyInternalLeads', title: 'Internal Leads', access: REPORTS },
  { name: 'transactionHistory', path: '/reports/transactionHistory', title: 'Transaction History', access: REPORTS },
  { name: 'campaignPerformance', path: '/reports/campaignPerformance', title: 'Campaign Performance', access: REPORTS },
  { name: 'campaignSummaryPerformance', path: '/reports/campaignSummaryPerformance', title: 'Campaign Summary Performance', access: REPORTS },
  { name: 'fundPerformance', path: '/reports/fundPerformance', title: 'Fund Performance', access: REPORTS },
  { name: 'openOrders', path: '/reports/openOrders', title: 'Open Orders', access: REPORTS },
  { name: 'pingHistory', path: '/reports/pingHistory', title: 'Ping History', access: REPORTS },
  { name: 'salesLeadsForm', path: '/Sales/LeadsForm', title: 'Sales Lead Form', access: PUBLIC },
  { name: 'salesEmployerForm', path: '/Sales/EmployerForm', title: 'Employer Lead Form', access: PUBLIC },

  // Not in the spec (issue 7): where a staff sign-in without an authenticator app lands, with no session,
  // to read why and set one up (docs/deployment.md "Sign-in: MFA and threat protection").
  { name: 'mfaRequired', path: '/mfaRequired', title: 'Multi-factor authentication required', access: PUBLIC },

  // Not in the spec (issue 23): where the unsubscribe link of an e-mail or text alert lands, with no
  // session; the page asks, then turns that one channel off (shared/api/alert-settings.ts).
  { name: 'alertsUnsubscribe', path: '/alerts/unsubscribe', title: 'Stop alerts', access: PUBLIC },

  // Not in the spec (issue 24): the vendor partner portal. Vendor users land on /partner, which opens their
  // vendor's Home; staff open a vendor's portal from its edit page. The invitation e-mail links to the
  // public welcome page (PARTNER_WELCOME_PATH in shared/api/partner.ts), which explains and starts the sign-in.
  // Route files: frontend/src/routes/_partner/partner/ (index.tsx, $vendorID/index.tsx, $vendorID/leads.tsx, ...),
  // under the _partner layout (the partner shell, features/partner/shell.tsx); each calls guardPage with its path.
  { name: 'partnerWelcome', path: '/partner/welcome', title: 'Partner portal', access: PUBLIC },
  { name: 'partner', path: '/partner', title: 'Partner portal', access: PARTNER },
  { name: 'partnerHome', path: '/partner/{vendorID}', title: 'Home', access: PARTNER },
  { name: 'partnerLeads', path: '/partner/{vendorID}/leads', title: 'Leads', access: PARTNER },
  { name: 'partnerReturns', path: '/partner/{vendorID}/returns', title: 'Returns', access: PARTNER },
  { name: 'partnerIntegration', path: '/partner/{vendorID}/integration', title: 'Integration', access: PARTNER },
  { name: 'partnerUsers', path: '/partner/{vendorID}/users', title: 'Users', access: PARTNER },
] as const satisfies readonly UiRoute[];

export type UiRouteName = (typeof UI_ROUTES)[number]['name'];
export type UiPath = (typeof UI_ROUTES)[number]['path'];
