// The API route manifest: every route of the three spec parts, the area (Lambda) that serves it,
// how it authenticates and who may call it. CDK, the local gateway, the authorizer, the frontend
// client and the authorization matrix test all read this one list.
import type { Permission, Role } from './permissions.ts';

export const AREAS = [
  'auth',
  'me',
  'account',
  'agents',
  'orders',
  'funds',
  'campaigns',
  'vendors',
  'leads',
  'reports',
  'rules',
  'contracts',
  'priceFactors',
  'address',
  'sales',
  'intake',
  'uploads',
  'webhooks',
  'partner',
] as const;
export type Area = (typeof AREAS)[number];

/** Scheduled or event-driven functions that have no HTTP route. */
export const JOBS = {
  prostore: { description: 'Weekly Pro Store transfer', schedule: 'cron(0 6 ? * MON *)' },
  csvProcess: { description: 'Processes CSV files uploaded to the uploads bucket', trigger: 's3', prefix: 'incoming/' },
  agentExport: { description: 'Writes a requested agents CSV export to the exports bucket', trigger: 's3', prefix: 'export-requests/' },
  // The lead engine's retries (Campaign MaxRetries every RetryInterval minutes) and the form leads it has not taken yet.
  leadRetry: { description: 'Retries unsold leads whose retry is due and form leads still Received', schedule: 'rate(1 minute)' },
  leadRetention: { description: 'Removes personal fields from leads past the retention period', schedule: 'cron(30 7 * * ? *)' },
  // The crossings of low-balance alert and auto-recharge thresholds the ledger writes (issue 12 Insights).
  balanceAlerts: { description: 'Sends low-balance alerts and runs auto-recharges for balances that fell below a threshold', schedule: 'rate(1 minute)' },
  // E-mail and SMS alerts held in the agent's quiet hours, and sends that failed, once due (issue 23).
  alertQueue: { description: 'Sends the e-mail and SMS alerts whose quiet hours have ended or whose retry is due', schedule: 'rate(1 minute)' },
} as const;
export type JobName = keyof typeof JOBS;

export type AuthKind = 'public' | 'session' | 'vendorToken' | 'providerCallback';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a session route. A user passes when they hold any listed permission or any listed
 * role; with neither listed, any signed-in user passes. `owner` names where the agent id the route
 * acts on is found, a path parameter (`param`) or a body field (`body`, checked after the body is
 * parsed): agent users may only name themselves ('self') or also their downline ('downline'); staff
 * who pass the permission check reach any agent, except on 'holder' routes, which only the account's
 * own agent may call (moving an agent's money: the spec hides it even from admins). A 'holder' rule
 * may name `staffMayStop`, a boolean body field: staff may call the route with it false (they may see
 * and stop a money movement, never start or raise it). No handler decides who may act for whom.
 */
export interface Access {
  anyPermission?: readonly Permission[];
  anyRole?: readonly Role[];
  owner?: Owner;
  /**
   * Vendor users (the partner portal, issue 24) pass only routes under an 'own vendor' rule and those
   * that set this: the few any signed-in user needs (GET /me); every other route refuses them with 403,
   * even one that lists no permission.
   */
  vendorUsers?: true;
}

/**
 * Whose data the route touches: an agent ('self', 'downline', 'holder', above) or a vendor ('vendor',
 * "own vendor": a vendor user passes only for their own vendor id; staff who pass the permission check
 * reach any vendor; nobody else passes).
 */
export type Reach = 'self' | 'downline' | 'holder' | 'vendor';
export type Owner = { reach: Reach; staffMayStop?: string } & ({ param: string; body?: never } | { body: string; param?: never });

export interface RouteDef {
  /** Stable name, `area.verbNoun`; handlers are registered under it. */
  id: string;
  method: Method;
  /** Path below /api, with {param} placeholders as API Gateway writes them. */
  path: string;
  area: Area;
  auth: AuthKind;
  access?: Access;
  /** Where the spec names it (or `addition` when the spec leaves the path unshown). */
  spec: string;
  /** Response is a redirect rather than JSON (exports answer JSON with a download link, so they are not binary). */
  binary?: boolean;
  /**
   * A POST that only reads: it starts an export of what the caller may read, a file only they fetch.
   * It is a POST so that another site cannot start it in the user's name (docs/api.md); read-only users
   * (sales assistants) pass it as they pass the GETs of the same screen.
   */
  startsExport?: true;
}

const P = (...anyPermission: Permission[]): Access => ({ anyPermission });
const R = (...anyRole: Role[]): Access => ({ anyRole });
const self = (access: Access = {}, param = 'agentId'): Access => ({ ...access, owner: { param, reach: 'self' } });
const downline = (access: Access = {}, param = 'agentId'): Access => ({ ...access, owner: { param, reach: 'downline' } });
const holder = (access: Access = {}, param = 'agentId'): Access => ({ ...access, owner: { param, reach: 'holder' } });
/** Only the holder starts or changes it; staff may also switch it off (`field` false in the body). */
const holderStaffMayStop = (access: Access, field: string, param = 'agentId'): Access => ({ ...access, owner: { param, reach: 'holder', staffMayStop: field } });
/** The agent id is a field of the JSON body (the card and status calls the spec shapes that way). */
const selfInBody = (access: Access, body: string): Access => ({ ...access, owner: { body, reach: 'self' } });
const holderInBody = (access: Access, body: string): Access => ({ ...access, owner: { body, reach: 'holder' } });

/*
 * "Own vendor" (issue 24, the partner portal): routes under `/partner/{vendorId}/...`.
 *
 *   ownVendor()                 reads: any user of that vendor (admin or read-only), and staff with
 *                               CAN_VIEW_VENDORS, who view a vendor's partner screens read-only;
 *   ownVendor(VENDOR_ADMIN)     changes (invite, role, remove, rotate): that vendor's administrators, and
 *                               staff with CAN_EDIT_VENDORS;
 *   ownVendor(access, param)    any other access, the vendor id in another path parameter.
 *
 * The owner check (functions/platform/authorize.ts, before the body is read or any handler runs):
 * a vendor user passes only when the path's vendor id is their own (403 otherwise); staff who passed the
 * permission check reach every vendor; agents never pass. A vendor user on any route without this rule
 * (or `vendorUsers`) is refused with 403.
 */
/** Vendor users of the path's vendor, and staff who view vendors (read-only). */
export const VENDOR_READ: Access = { anyRole: ['vendor'], anyPermission: ['CAN_VIEW_VENDORS'] };
/** The path's vendor's administrators, and staff who edit vendors. */
export const VENDOR_ADMIN: Access = { anyRole: ['vendorAdmin'], anyPermission: ['CAN_EDIT_VENDORS'] };
export const ownVendor = (access: Access = VENDOR_READ, param = 'vendorId'): Access => ({ ...access, owner: { param, reach: 'vendor' } });
/** Any signed-in user, vendor users included (GET /me). */
const anyUser: Access = { vendorUsers: true };

export const ROUTES = [
  // auth: the OIDC code flow with PKCE (part 1 §4, §7)
  { id: 'auth.signin', method: 'GET', path: '/auth/signin', area: 'auth', auth: 'public', spec: '1§4', binary: true },
  { id: 'auth.callback', method: 'GET', path: '/auth/callback', area: 'auth', auth: 'public', spec: 'addition', binary: true },
  { id: 'auth.signout', method: 'POST', path: '/auth/signout', area: 'auth', auth: 'public', spec: '1§7', binary: true },
  { id: 'auth.health', method: 'GET', path: '/health', area: 'auth', auth: 'public', spec: 'addition' },
  // staff MFA set-up after a sign-in refused for want of it (issue 7; bound to the lc_mfa cookie)
  { id: 'auth.mfaSetup', method: 'POST', path: '/auth/mfa/setup', area: 'auth', auth: 'public', spec: 'addition' },
  { id: 'auth.mfaVerify', method: 'POST', path: '/auth/mfa/verify', area: 'auth', auth: 'public', spec: 'addition' },

  // me: the user, configuration, flags and lookups (part 1 §7)
  { id: 'me.get', method: 'GET', path: '/me', area: 'me', auth: 'session', access: anyUser, spec: '1§7' },
  { id: 'me.configs', method: 'GET', path: '/configs', area: 'me', auth: 'session', access: anyUser, spec: '1§7' },
  { id: 'me.featureFlags', method: 'GET', path: '/featureflags', area: 'me', auth: 'session', access: anyUser, spec: '1§7' },
  { id: 'me.lookup', method: 'GET', path: '/lookup', area: 'me', auth: 'session', spec: '1§7' },
  { id: 'me.leadTypes', method: 'GET', path: '/campaign/leadtypes', area: 'me', auth: 'session', spec: '1§7' },
  { id: 'me.crmLob', method: 'GET', path: '/campaign/crmlob', area: 'me', auth: 'session', spec: '1§7' },
  // CRM delivery (issue 23): the agent's webhook endpoints, their deliveries, replay; staff see and replay, only the agent points them (shared/api/webhooks.ts)
  { id: 'webhooks.list', method: 'GET', path: '/agent/{agentId}/webhooks', area: 'webhooks', auth: 'session', access: self(P('CAN_VIEW_SETTINGS', 'CAN_VIEW_AGENTS')), spec: 'addition (CRM delivery, issue 23)' },
  { id: 'webhooks.create', method: 'POST', path: '/agent/{agentId}/webhooks', area: 'webhooks', auth: 'session', access: holder(P('CAN_VIEW_SETTINGS')), spec: 'addition (CRM delivery, issue 23)' },
  { id: 'webhooks.update', method: 'PUT', path: '/agent/{agentId}/webhooks/{endpointId}', area: 'webhooks', auth: 'session', access: holder(P('CAN_VIEW_SETTINGS')), spec: 'addition (CRM delivery, issue 23)' },
  { id: 'webhooks.delete', method: 'DELETE', path: '/agent/{agentId}/webhooks/{endpointId}', area: 'webhooks', auth: 'session', access: holder(P('CAN_VIEW_SETTINGS')), spec: 'addition (CRM delivery, issue 23)' },
  { id: 'webhooks.rotateSecret', method: 'POST', path: '/agent/{agentId}/webhooks/{endpointId}/secret', area: 'webhooks', auth: 'session', access: holder(P('CAN_VIEW_SETTINGS')), spec: 'addition (CRM delivery, issue 23)' },
  { id: 'webhooks.sendTest', method: 'POST', path: '/agent/{agentId}/webhooks/{endpointId}/test', area: 'webhooks', auth: 'session', access: holder(P('CAN_VIEW_SETTINGS')), spec: 'addition (CRM delivery, issue 23)' },
  { id: 'webhooks.deliveries', method: 'GET', path: '/agent/{agentId}/webhooks/{endpointId}/deliveries', area: 'webhooks', auth: 'session', access: self(P('CAN_VIEW_SETTINGS', 'CAN_VIEW_AGENTS')), spec: 'addition (CRM delivery, issue 23)' },
  { id: 'webhooks.replay', method: 'POST', path: '/agent/{agentId}/webhooks/{endpointId}/deliveries/{deliveryId}/replay', area: 'webhooks', auth: 'session', access: self(P('CAN_VIEW_SETTINGS', 'CAN_VIEW_AGENTS')), spec: 'addition (CRM delivery, issue 23)' },
  { id: 'webhooks.failures', method: 'GET', path: '/webhooks/failures', area: 'webhooks', auth: 'session', access: P('CAN_VIEW_AGENTS'), spec: 'addition (CRM delivery staff view, issue 23)' },
  { id: 'webhooks.endpoints', method: 'GET', path: '/webhooks/endpoints', area: 'webhooks', auth: 'session', access: P('CAN_VIEW_AGENTS'), spec: 'addition (CRM delivery staff view, issue 23)' },
  // live notifications (issue 23): the signed-in agent's own, caught up after the live socket (shared/api/notifications.ts)
  { id: 'me.notifications', method: 'GET', path: '/notifications', area: 'me', auth: 'session', spec: 'addition (live notifications, issue 23)' },
  { id: 'me.seeLeads', method: 'POST', path: '/notifications/seenLeads', area: 'me', auth: 'session', spec: 'addition (live notifications, issue 23)' },

  // account: the agent's money and own settings (part 1 §7)
  { id: 'account.summary', method: 'GET', path: '/accountsummary', area: 'account', auth: 'session', access: P('CAN_VIEW_ACCOUNT_SUMMARY'), spec: '1§7' },
  { id: 'account.updateProStore', method: 'PATCH', path: '/agent/{agentId}/prostore', area: 'account', auth: 'session', access: holderStaffMayStop(P('CAN_VIEW_SETTINGS'), 'Enabled'), spec: '1§7' },
  { id: 'account.updateZip', method: 'PATCH', path: '/agent/{agentId}/zip/{zip}', area: 'account', auth: 'session', access: self(P('CAN_VIEW_SETTINGS')), spec: '1§7 (PATCH agent/{zip})' },
  { id: 'account.updateTimeZone', method: 'PATCH', path: '/agent/{agentId}/timeZone/{zone}', area: 'account', auth: 'session', access: self(P('CAN_VIEW_SETTINGS', 'CAN_EDIT_AGENTS')), spec: '1§7' },
  { id: 'account.updateOrderStatus', method: 'PATCH', path: '/agent/{agentId}/orderstatusui/{status}', area: 'account', auth: 'session', access: self(P('CAN_VIEW_ACCOUNT_SUMMARY', 'CAN_VIEW_EDIT_AGENT_ACCOUNT_ORDER_STATUS')), spec: '1§7' },
  { id: 'account.updateLiveTransferStatus', method: 'PATCH', path: '/account/leadintakestatusui', area: 'account', auth: 'session', access: selfInBody(P('CAN_VIEW_ACCOUNT_SUMMARY', 'CAN_VIEW_AGENT_LIVE_TRANSFER_STATUS'), 'AgentId'), spec: '1§7' },
  { id: 'account.updateThirdPartyStatus', method: 'PATCH', path: '/account/thirdpartystatus', area: 'account', auth: 'session', access: selfInBody(P('CAN_VIEW_ACCOUNT_SUMMARY', 'CAN_VIEW_AGENT_THIRD_PARTY_STATUS'), 'AgentId'), spec: '1§7' },
  { id: 'account.trainingData', method: 'GET', path: '/account/agenttrainingdata/{agentId}', area: 'account', auth: 'session', access: self(P('CAN_VIEW_ACCOUNT_SUMMARY', 'CAN_VIEW_AGENTS')), spec: '1§7' },
  { id: 'account.phoneNumber', method: 'GET', path: '/account/agentphonenumber/{agentId}', area: 'account', auth: 'session', access: self(P('CAN_VIEW_ACCOUNT_SUMMARY', 'CAN_VIEW_AGENTS')), spec: '1§7' },
  { id: 'account.listAccounts', method: 'GET', path: '/accounts', area: 'account', auth: 'session', access: P('CAN_TRANSFER_MY_FUNDS_TO_OTHER_AGENTS'), spec: '1§7' },
  { id: 'account.listTransactions', method: 'GET', path: '/transactions/agent/{agentId}/startDate/{startDate}/endDate/{endDate}', area: 'account', auth: 'session', access: downline(P('CAN_VIEW_MY_ACCOUNT', 'CAN_VIEW_AGENTS')), spec: '1§7' },
  { id: 'account.exportTransactions', method: 'POST', path: '/transactions/agent/{agentId}/startDate/{startDate}/endDate/{endDate}/export', area: 'account', auth: 'session', access: downline(P('CAN_VIEW_MY_ACCOUNT', 'CAN_VIEW_AGENTS')), spec: 'addition (CSV Export, 1§2.5)' , startsExport: true },
  { id: 'account.agentTransfer', method: 'POST', path: '/agent/{agentId}/agentTransfer/{receiverId}', area: 'account', auth: 'session', access: holder(P('CAN_TRANSFER_MY_FUNDS_TO_OTHER_AGENTS')), spec: '1§7' },
  { id: 'account.pointAndClickTransfer', method: 'POST', path: '/agent/{agentId}/pointAndClickTransfer', area: 'account', auth: 'session', access: holder(P('CAN_TRANSFER_MY_FUNDS_TO_POINTANDCLICK')), spec: '1§7' },
  { id: 'account.creditDebit', method: 'POST', path: '/account/creditDebit', area: 'account', auth: 'session', access: holderInBody(P('CAN_FUND_MY_ACCOUNT'), 'agentId'), spec: '1§7' },
  { id: 'account.creditFail', method: 'POST', path: '/account/creditfail', area: 'account', auth: 'session', access: selfInBody(P('CAN_FUND_MY_ACCOUNT'), 'agentId'), spec: '1§7' },
  { id: 'account.paymentNotify', method: 'POST', path: '/payments/notify', area: 'account', auth: 'providerCallback', spec: 'addition (card provider callback, 1§4)' },
  // low-balance alert and auto-recharge (issue 12 Insights): the agent and staff who view agents read them; only the holder sets them or saves the card
  { id: 'account.balanceAlerts', method: 'GET', path: '/account/{agentId}/balanceAlerts', area: 'account', auth: 'session', access: self(P('CAN_VIEW_SETTINGS', 'CAN_VIEW_AGENTS')), spec: 'addition (low-balance alert and auto-recharge, issue 12 Insights)' },
  { id: 'account.updateBalanceAlerts', method: 'PUT', path: '/account/{agentId}/balanceAlerts', area: 'account', auth: 'session', access: holder(P('CAN_VIEW_SETTINGS')), spec: 'addition (low-balance alert and auto-recharge, issue 12 Insights)' },
  { id: 'account.rechargeCardForm', method: 'POST', path: '/account/{agentId}/balanceAlerts/cardForm', area: 'account', auth: 'session', access: holder(P('CAN_FUND_MY_ACCOUNT')), spec: 'addition (auto-recharge card, issue 12 Insights)' },
  { id: 'account.saveRechargeCard', method: 'POST', path: '/account/{agentId}/balanceAlerts/card', area: 'account', auth: 'session', access: holder(P('CAN_FUND_MY_ACCOUNT')), spec: 'addition (auto-recharge card, issue 12 Insights)' },
  // e-mail and SMS alerts (issue 23, shared/api/alert-settings.ts): the agent and staff who view agents read them; only the holder changes them; the unsubscribe link is signed, no sign-in
  { id: 'account.alertSettings', method: 'GET', path: '/account/{agentId}/alertSettings', area: 'account', auth: 'session', access: self(P('CAN_VIEW_SETTINGS', 'CAN_VIEW_AGENTS')), spec: 'addition (e-mail and SMS alerts, issue 23)' },
  { id: 'account.updateAlertSettings', method: 'PATCH', path: '/account/{agentId}/alertSettings', area: 'account', auth: 'session', access: holder(P('CAN_VIEW_SETTINGS')), spec: 'addition (e-mail and SMS alerts, issue 23)' },
  { id: 'account.setSmsNumber', method: 'PUT', path: '/account/{agentId}/alertSettings/smsNumber', area: 'account', auth: 'session', access: holder(P('CAN_VIEW_SETTINGS')), spec: 'addition (e-mail and SMS alerts, issue 23)' },
  { id: 'account.verifySmsNumber', method: 'POST', path: '/account/{agentId}/alertSettings/smsNumber/verify', area: 'account', auth: 'session', access: holder(P('CAN_VIEW_SETTINGS')), spec: 'addition (e-mail and SMS alerts, issue 23)' },
  { id: 'account.unsubscribeAlerts', method: 'POST', path: '/alerts/unsubscribe', area: 'account', auth: 'public', spec: 'addition (one-click unsubscribe of e-mail and SMS alerts, issue 23)' },
  { id: 'account.insights', method: 'GET', path: '/agent/{agentId}/insights', area: 'account', auth: 'session', access: self(P('CAN_VIEW_ACCOUNT_SUMMARY', 'CAN_VIEW_AGENTS')), spec: 'addition (issue 12: the agent Home insights)' },

  // agents: lists, hierarchy and agent management (parts 1, 2, 3)
  { id: 'agents.list', method: 'GET', path: '/agent', area: 'agents', auth: 'session', access: P('CAN_VIEW_MY_TEAM', 'CAN_VIEW_AGENTS', 'CAN_CREATE_ORDERS', 'CAN_EDIT_FUNDS'), spec: '1§7, 2§7, 3§7' },
  { id: 'agents.get', method: 'GET', path: '/agent/{agentId}', area: 'agents', auth: 'session', access: downline(P('CAN_VIEW_MY_TEAM', 'CAN_VIEW_AGENTS', 'CAN_CREATE_ORDERS')), spec: '2§7, 3§7' },
  { id: 'agents.basicInfo', method: 'GET', path: '/agent/{agentId}/basicinfo', area: 'agents', auth: 'session', access: downline(P('CAN_VIEW_MY_TEAM', 'CAN_VIEW_AGENTS', 'CAN_CREATE_ORDERS')), spec: '2§7' },
  { id: 'agents.update', method: 'PATCH', path: '/agent', area: 'agents', auth: 'session', access: P('CAN_EDIT_AGENTS'), spec: '3§7' },
  { id: 'agents.statusAudit', method: 'GET', path: '/agent/{agentId}/orderstatusaudit', area: 'agents', auth: 'session', access: downline(P('CAN_VIEW_MY_ORDERS', 'CAN_VIEW_AGENTS')), spec: '2§7, 3§7' },
  { id: 'agents.export', method: 'POST', path: '/agent/export', area: 'agents', auth: 'session', access: P('CAN_VIEW_MY_TEAM', 'CAN_VIEW_AGENTS'), spec: 'addition (Export to CSV, 1§2.4, 3§2)' , startsExport: true },
  // The export runs as a job (issue 9); the page polls it until the file is ready. Only its requester may read it.
  { id: 'agents.exportStatus', method: 'GET', path: '/exports/{exportId}', area: 'agents', auth: 'session', access: P('CAN_VIEW_MY_TEAM', 'CAN_VIEW_AGENTS'), spec: 'addition (Export to CSV progress, 1§2.4, 3§2)' },

  // orders (part 2 §7); fund-flow paths are not shown in the spec
  { id: 'orders.create', method: 'POST', path: '/agent/{agentId}/orders', area: 'orders', auth: 'session', access: self(P('CAN_CREATE_ORDERS', 'CAN_EDIT_AGENTS')), spec: '2§7' },
  { id: 'orders.update', method: 'PATCH', path: '/agent/{agentId}/orders', area: 'orders', auth: 'session', access: self(P('CAN_CREATE_ORDERS', 'CAN_EDIT_AGENTS')), spec: '2§7' },
  { id: 'orders.createFundOrder', method: 'POST', path: '/agent/{agentId}/fundOrders', area: 'orders', auth: 'session', access: self(P('CAN_VIEW_MY_FUND_ORDERS', 'CAN_EDIT_AGENTS', 'CAN_VIEW_AGENTS')), spec: 'addition (fund flow save, 2§4)' },
  { id: 'orders.updateFundOrder', method: 'PUT', path: '/agent/{agentId}/fundOrders/{orderId}', area: 'orders', auth: 'session', access: self(P('CAN_VIEW_MY_FUND_ORDERS', 'CAN_EDIT_AGENTS')), spec: 'addition (fund flow save, 2§4)' },
  { id: 'orders.get', method: 'GET', path: '/agent/{agentId}/orders/{orderId}', area: 'orders', auth: 'session', access: self(P('CAN_VIEW_MY_ORDERS', 'CAN_VIEW_MY_FUND_ORDERS', 'CAN_VIEW_AGENTS')), spec: '2§7' },
  { id: 'orders.details', method: 'GET', path: '/agent/{agentId}/orderdetails/{orderId}', area: 'orders', auth: 'session', access: self(P('CAN_VIEW_MY_ORDERS', 'CAN_VIEW_MY_FUND_ORDERS', 'CAN_VIEW_AGENTS')), spec: '2§7' },
  { id: 'orders.list', method: 'GET', path: '/agent/{agentId}/agentOrders/{activeOnly}', area: 'orders', auth: 'session', access: self(P('CAN_VIEW_MY_ORDERS', 'CAN_VIEW_MY_FUND_ORDERS', 'CAN_VIEW_AGENTS')), spec: '2§7' },
  { id: 'orders.withTermed', method: 'GET', path: '/agent/{agentId}/orderswithtermed', area: 'orders', auth: 'session', access: self(P('CAN_VIEW_MY_ORDERS', 'CAN_VIEW_MY_FUND_ORDERS', 'CAN_VIEW_AGENTS')), spec: '2§7' },
  { id: 'orders.withReassigned', method: 'GET', path: '/agent/{agentId}/orderswithreassigned', area: 'orders', auth: 'session', access: self(P('CAN_VIEW_MY_ORDERS', 'CAN_VIEW_MY_FUND_ORDERS', 'CAN_VIEW_AGENTS')), spec: '2§7' },
  { id: 'orders.setStatus', method: 'PATCH', path: '/agent/{agentId}/orders/{orderId}/status/{statusCode}', area: 'orders', auth: 'session', access: self(P('CAN_ACTIVATE_ORDERS')), spec: '2§7' },
  { id: 'orders.history', method: 'GET', path: '/agent/{agentId}/orders/{orderId}/history', area: 'orders', auth: 'session', access: self(P('CAN_VIEW_MY_ORDERS', 'CAN_VIEW_MY_FUND_ORDERS', 'CAN_VIEW_AGENTS')), spec: '2§7' },
  { id: 'orders.statusHistory', method: 'GET', path: '/agent/{agentId}/orders/{orderId}/statusHistory', area: 'orders', auth: 'session', access: self(P('CAN_VIEW_MY_ORDERS', 'CAN_VIEW_MY_FUND_ORDERS', 'CAN_VIEW_AGENTS')), spec: '2§7' },
  { id: 'orders.openOrdersExport', method: 'POST', path: '/agent/{agentId}/orders/export', area: 'orders', auth: 'session', access: self(P('CAN_VIEW_MY_ORDERS', 'CAN_VIEW_MY_FUND_ORDERS', 'CAN_VIEW_AGENTS')), spec: 'addition (CSV export, 2§2)' , startsExport: true },
  { id: 'orders.fillRatePreview', method: 'POST', path: '/agent/{agentId}/orders/fillRatePreview', area: 'orders', auth: 'session', access: self(P('CAN_CREATE_ORDERS', 'CAN_VIEW_MY_FUND_ORDERS', 'CAN_EDIT_AGENTS', 'CAN_VIEW_AGENTS')), spec: 'addition (fill-rate preview in both order wizards, issue 12 Insights)' },

  // funds (parts 1 and 3)
  { id: 'funds.list', method: 'GET', path: '/fund', area: 'funds', auth: 'session', access: P('CAN_VIEW_SETTINGS', 'CAN_VIEW_FUNDS', 'CAN_CREATE_ORDERS', 'CAN_VIEW_CAMPAIGNS'), spec: '1§7, 3§7' },
  { id: 'funds.get', method: 'GET', path: '/fund/{fundId}', area: 'funds', auth: 'session', access: P('CAN_VIEW_FUNDS', 'CAN_VIEW_CAMPAIGNS'), spec: '3§7' },
  { id: 'funds.create', method: 'POST', path: '/fund', area: 'funds', auth: 'session', access: P('CAN_EDIT_FUNDS'), spec: '3§7' },
  { id: 'funds.update', method: 'PUT', path: '/fund', area: 'funds', auth: 'session', access: P('CAN_EDIT_FUNDS'), spec: '3§7' },
  { id: 'funds.enable', method: 'PATCH', path: '/fund/enable/{fundId}', area: 'funds', auth: 'session', access: P('CAN_EDIT_FUNDS'), spec: '3§7' },
  { id: 'funds.disable', method: 'PATCH', path: '/fund/disable/{fundId}', area: 'funds', auth: 'session', access: P('CAN_EDIT_FUNDS'), spec: '3§7' },
  { id: 'funds.history', method: 'GET', path: '/fund/fundHistory/{fundId}', area: 'funds', auth: 'session', access: P('CAN_VIEW_FUNDS'), spec: '3§7' },
  { id: 'funds.makeupHistory', method: 'GET', path: '/fund/fundCampaignVendorHistory/{fundId}', area: 'funds', auth: 'session', access: P('CAN_VIEW_FUNDS'), spec: '3§7' },
  { id: 'funds.campaignVendorFunds', method: 'GET', path: '/fund/campaignvendorfunds', area: 'funds', auth: 'session', access: P('CAN_VIEW_SETTINGS', 'CAN_VIEW_FUNDS', 'CAN_VIEW_CAMPAIGNS'), spec: '1§7, 3§7' },
  { id: 'funds.saveCampaignVendorFunds', method: 'PUT', path: '/fund/campaignvendorfunds', area: 'funds', auth: 'session', access: P('CAN_EDIT_CAMPAIGNS', 'CAN_CREATE_NEW_CAMPAIGNS'), spec: '3§7 (also fund/campaignVendorFunds/)' },
  { id: 'funds.enableCampaignVendorFund', method: 'PATCH', path: '/cvf/enable/{campaignVendorFundId}', area: 'funds', auth: 'session', access: P('CAN_EDIT_CAMPAIGNS', 'CAN_EDIT_FUNDS'), spec: '3§7' },
  { id: 'funds.disableCampaignVendorFund', method: 'PATCH', path: '/cvf/disable/{campaignVendorFundId}', area: 'funds', auth: 'session', access: P('CAN_EDIT_CAMPAIGNS', 'CAN_EDIT_FUNDS'), spec: '3§7' },

  // campaigns and campaign vendors (part 3 §7; CampaignVendors also part 2 §7)
  { id: 'campaigns.list', method: 'GET', path: '/campaign', area: 'campaigns', auth: 'session', access: P('CAN_VIEW_CAMPAIGNS', 'CAN_VIEW_ROUTING_RULES', 'CAN_VIEW_CONTRACTS', 'CAN_VIEW_LC_REPORTS'), spec: '3§7 (GET Campaign)' },
  { id: 'campaigns.get', method: 'GET', path: '/campaign/{campaignId}', area: 'campaigns', auth: 'session', access: P('CAN_VIEW_CAMPAIGNS'), spec: '3§7' },
  { id: 'campaigns.create', method: 'POST', path: '/campaign/start/{startDate}/end/{endDate}', area: 'campaigns', auth: 'session', access: P('CAN_CREATE_NEW_CAMPAIGNS'), spec: '3§7' },
  { id: 'campaigns.update', method: 'PATCH', path: '/campaign/start/{startDate}/end/{endDate}', area: 'campaigns', auth: 'session', access: P('CAN_EDIT_CAMPAIGNS'), spec: '3§7' },
  { id: 'campaigns.activate', method: 'POST', path: '/campaign/{campaignId}/Activate', area: 'campaigns', auth: 'session', access: P('CAN_TOGGLE_CAMPAIGN_ACTIVE'), spec: '3§7' },
  { id: 'campaigns.deactivate', method: 'POST', path: '/campaign/{campaignId}/Inactive', area: 'campaigns', auth: 'session', access: P('CAN_TOGGLE_CAMPAIGN_ACTIVE'), spec: '3§7' },
  { id: 'campaigns.listCampaignVendors', method: 'GET', path: '/campaignVendors', area: 'campaigns', auth: 'session', access: P('CAN_CREATE_ORDERS', 'CAN_VIEW_CAMPAIGNS', 'CAN_VIEW_LC_REPORTS'), spec: '2§7, 3§7 (GET CampaignVendors)' },
  { id: 'campaigns.createCampaignVendor', method: 'POST', path: '/campaignVendors', area: 'campaigns', auth: 'session', access: P('CAN_CREATE_NEW_CAMPAIGNS', 'CAN_EDIT_CAMPAIGNS', 'CAN_CREATE_NEW_VENDORS'), spec: '3§7' },
  { id: 'campaigns.updateCampaignVendor', method: 'PATCH', path: '/campaignVendors', area: 'campaigns', auth: 'session', access: P('CAN_EDIT_CAMPAIGNS'), spec: '3§7' },
  { id: 'campaigns.deleteCampaignVendor', method: 'DELETE', path: '/campaignVendors/{campaignVendorId}', area: 'campaigns', auth: 'session', access: P('CAN_EDIT_CAMPAIGNS'), spec: '3§7' },
  // Do-not-call lists (issue 24): which leads the campaigns take, so whoever edits campaigns keeps them (shared/api/do-not-call.ts)
  { id: 'campaigns.doNotCallLists', method: 'GET', path: '/doNotCall', area: 'campaigns', auth: 'session', access: P('CAN_EDIT_CAMPAIGNS'), spec: 'addition (do-not-call lists, issue 24)' },
  { id: 'campaigns.doNotCallRefusals', method: 'GET', path: '/doNotCall/refusals', area: 'campaigns', auth: 'session', access: P('CAN_EDIT_CAMPAIGNS'), spec: 'addition (do-not-call lists, issue 24)' },
  { id: 'campaigns.doNotCallUpload', method: 'POST', path: '/doNotCall/upload', area: 'campaigns', auth: 'session', access: P('CAN_EDIT_CAMPAIGNS'), spec: 'addition (do-not-call lists, issue 24)' },
  { id: 'campaigns.doNotCallList', method: 'PATCH', path: '/doNotCall/{listId}', area: 'campaigns', auth: 'session', access: P('CAN_EDIT_CAMPAIGNS'), spec: 'addition (do-not-call lists, issue 24)' },

  // vendors (part 3 §7)
  { id: 'vendors.list', method: 'GET', path: '/vendor', area: 'vendors', auth: 'session', access: P('CAN_VIEW_VENDORS', 'CAN_VIEW_CAMPAIGNS', 'CAN_VIEW_ALL_LEADS', 'CAN_VIEW_LC_REPORTS'), spec: '3§7 (GET Vendor)' },
  { id: 'vendors.names', method: 'GET', path: '/vendor/names', area: 'vendors', auth: 'session', access: P('CAN_VIEW_VENDORS', 'CAN_VIEW_CAMPAIGNS', 'CAN_VIEW_ALL_LEADS', 'CAN_VIEW_LC_REPORTS'), spec: '3§7 (GET Vendor/names)' },
  { id: 'vendors.table', method: 'GET', path: '/VendorTable', area: 'vendors', auth: 'session', access: P('CAN_VIEW_VENDORS'), spec: '3§7' },
  { id: 'vendors.get', method: 'GET', path: '/vendor/{vendorId}', area: 'vendors', auth: 'session', access: P('CAN_VIEW_VENDORS'), spec: '3§7' },
  { id: 'vendors.create', method: 'POST', path: '/vendor', area: 'vendors', auth: 'session', access: P('CAN_CREATE_NEW_VENDORS'), spec: '3§7' },
  { id: 'vendors.update', method: 'PATCH', path: '/vendor', area: 'vendors', auth: 'session', access: P('CAN_EDIT_VENDORS'), spec: '3§7' },
  { id: 'vendors.activate', method: 'POST', path: '/vendor/{vendorId}/Activate', area: 'vendors', auth: 'session', access: P('CAN_TOGGLE_VENDORS_ACTIVE'), spec: '3§7' },
  { id: 'vendors.deactivate', method: 'POST', path: '/vendor/{vendorId}/Inactive', area: 'vendors', auth: 'session', access: P('CAN_TOGGLE_VENDORS_ACTIVE'), spec: '3§7' },
  { id: 'vendors.rotateToken', method: 'POST', path: '/vendor/{vendorId}/token', area: 'vendors', auth: 'session', access: P('CAN_EDIT_VENDORS'), spec: 'addition (3§2 Vendor Token: generate or rotate)' },
  { id: 'vendors.rotateSandboxToken', method: 'POST', path: '/vendor/{vendorId}/sandboxToken', area: 'vendors', auth: 'session', access: P('CAN_EDIT_VENDORS'), spec: 'addition (issue 24 sandbox: generate or rotate the vendor\'s sandbox token)' },
  { id: 'vendors.assignAdmin', method: 'POST', path: '/vendor/{vendorId}/admin/{email}/{role}', area: 'vendors', auth: 'session', access: P('CAN_EDIT_VENDORS'), spec: '3§7 (role fixed at 3)' },
  { id: 'vendors.campaignVendors', method: 'GET', path: '/vendor/{vendorId}/campaignVendor', area: 'vendors', auth: 'session', access: P('CAN_VIEW_VENDORS'), spec: '3§7' },
  { id: 'vendors.disputeReasons', method: 'GET', path: '/vendor/{vendorId}/reasons/{leadId}', area: 'vendors', auth: 'session', access: P('CAN_DISPUTE_LEADS'), spec: '3§7' },

  // leads and disputes (part 3 §7)
  { id: 'leads.listForAgent', method: 'GET', path: '/leads/agent/{agentId}/startDate/{startDate}/endDate/{endDate}', area: 'leads', auth: 'session', access: downline({ anyPermission: ['CAN_VIEW_MY_LEADS', 'CAN_VIEW_AGENTS_LEADS'], anyRole: ['admin', 'support'] }), spec: '3§7' },
  { id: 'leads.dispute', method: 'POST', path: '/lead/dispute', area: 'leads', auth: 'session', access: P('CAN_DISPUTE_LEADS'), spec: '3§7' },
  { id: 'leads.agentExport', method: 'POST', path: '/leads/agentLeadExport/startDate/{startDate}/endDate/{endDate}/{agentId}/{distribution}', area: 'leads', auth: 'session', access: downline(P('CAN_VIEW_MY_LEADS')), spec: '3§7' , startsExport: true },
  { id: 'leads.adminExport', method: 'POST', path: '/leads/adminLeadExport/startDate/{startDate}/endDate/{endDate}/{agentId}/{distribution}', area: 'leads', auth: 'session', access: { anyRole: ['admin', 'support'], anyPermission: ['CAN_VIEW_AGENTS_LEADS'] }, spec: '3§7' , startsExport: true },
  { id: 'leads.table', method: 'GET', path: '/leadstable/startDate/{startDate}/endDate/{endDate}', area: 'leads', auth: 'session', access: P('CAN_VIEW_ALL_LEADS'), spec: '3§7' },
  { id: 'leads.tableExport', method: 'POST', path: '/leadstable/startDate/{startDate}/endDate/{endDate}/export', area: 'leads', auth: 'session', access: P('CAN_VIEW_ALL_LEADS'), spec: '3§7' , startsExport: true },
  { id: 'leads.detail', method: 'GET', path: '/lead/{leadId}', area: 'leads', auth: 'session', access: P('CAN_VIEW_ALL_LEADS'), spec: 'addition (3§2 All Leads: the lead with its decision trace, "why this lead", for staff)' },
  { id: 'leads.disputeQueue', method: 'GET', path: '/disputes', area: 'leads', auth: 'session', access: P('CAN_VIEW_ALL_LEADS'), spec: 'addition (3§4 Dispute: the staff queue of disputes waiting for a decision)' },
  { id: 'leads.decideDispute', method: 'PATCH', path: '/disputes/{leadId}', area: 'leads', auth: 'session', access: { anyRole: ['admin', 'support'] }, spec: 'addition (3§4 Dispute: staff approve with a credit or deny, with the reason)' },

  // reports (part 3 §7)
  { id: 'reports.accountSummary', method: 'GET', path: '/accountsummary/start/{startDate}/end/{endDate}', area: 'reports', auth: 'session', access: P('CAN_VIEW_LC_REPORTS'), spec: '3§7' },
  // Starting an export is a POST (the spec's `?export=true` on the GET): a cross-site GET could start work in a user's name (docs/api.md).
  { id: 'reports.accountSummaryExport', method: 'POST', path: '/accountsummary/start/{startDate}/end/{endDate}/export', area: 'reports', auth: 'session', access: P('CAN_VIEW_LC_REPORTS'), spec: '3§7 (the CSV Export of Account Summary)' , startsExport: true },
  { id: 'reports.transactionHistory', method: 'GET', path: '/transactionhistory/start/{startDate}/end/{endDate}', area: 'reports', auth: 'session', access: P('CAN_VIEW_LC_REPORTS'), spec: '3§7' },
  { id: 'reports.transactionHistoryExport', method: 'POST', path: '/transactionhistory/export/start/{startDate}/end/{endDate}', area: 'reports', auth: 'session', access: P('CAN_VIEW_LC_REPORTS'), spec: '3§7' , startsExport: true },
  { id: 'reports.campaignPerformance', method: 'GET', path: '/campaignperformance/start/{startDate}/end/{endDate}', area: 'reports', auth: 'session', access: P('CAN_VIEW_LC_REPORTS'), spec: '3§7' },
  { id: 'reports.campaignSummaryPerformance', method: 'GET', path: '/campaignsummaryperformance/start/{startDate}/end/{endDate}', area: 'reports', auth: 'session', access: P('CAN_VIEW_LC_REPORTS'), spec: '3§7' },
  { id: 'reports.fundPerformance', method: 'GET', path: '/fundperformance/start/{startDate}/end/{endDate}', area: 'reports', auth: 'session', access: P('CAN_VIEW_LC_REPORTS'), spec: '3§7' },
  { id: 'reports.fundPerformanceExport', method: 'POST', path: '/fundperformance/export/startDate/{startDate}/endDate/{endDate}', area: 'reports', auth: 'session', access: P('CAN_VIEW_LC_REPORTS'), spec: '3§7' , startsExport: true },
  { id: 'reports.internalLeadUsers', method: 'GET', path: '/internalleadusers', area: 'reports', auth: 'session', access: P('CAN_VIEW_LC_REPORTS'), spec: '3§7' },
  { id: 'reports.internalLeads', method: 'GET', path: '/internalleadsreport/start/{startDate}/end/{endDate}/lead/{source}', area: 'reports', auth: 'session', access: P('CAN_VIEW_LC_REPORTS'), spec: '3§7' },
  { id: 'reports.internalLeadsExport', method: 'POST', path: '/internalleadsreport/export/start/{startDate}/end/{endDate}/lead/{source}', area: 'reports', auth: 'session', access: P('CAN_VIEW_LC_REPORTS'), spec: 'addition (issue 12: the Internal Leads CSV written by the server, as the other reports\' exports)' , startsExport: true },
  { id: 'reports.internalLeadsPage', method: 'GET', path: '/internalleadsreport/page/start/{startDate}/end/{endDate}/lead/{source}', area: 'reports', auth: 'session', access: P('CAN_VIEW_LC_REPORTS'), spec: 'addition (issue 12: Internal Leads paged by the server)' },
  { id: 'reports.openOrders', method: 'GET', path: '/openordersfromfunds/fund/{fundId}/state/{state}', area: 'reports', auth: 'session', access: P('CAN_VIEW_LC_REPORTS'), spec: '3§7' },
  { id: 'reports.openOrdersExport', method: 'POST', path: '/openordersfromfunds/export/fund/{fundId}/state/{state}', area: 'reports', auth: 'session', access: P('CAN_VIEW_LC_REPORTS'), spec: '3§7' , startsExport: true },
  { id: 'reports.pingHistory', method: 'GET', path: '/lead/pinghistory/startDate/{startDate}/endDate/{endDate}/campaign/{campaignCode}/vendor/{vendorCode}', area: 'reports', auth: 'session', access: P('CAN_VIEW_LC_REPORTS'), spec: '3§7' },
  { id: 'reports.pingHistoryExport', method: 'POST', path: '/lead/pinghistory/export/startDate/{startDate}/endDate/{endDate}/campaign/{campaignCode}/vendor/{vendorCode}', area: 'reports', auth: 'session', access: P('CAN_VIEW_LC_REPORTS'), spec: '3§7', startsExport: true },
  { id: 'reports.insights', method: 'GET', path: '/reports/insights', area: 'reports', auth: 'session', access: P('CAN_VIEW_LC_REPORTS'), spec: 'addition (issue 12: the staff Home insights)' },

  // routing rules (part 3 §7)
  { id: 'rules.list', method: 'GET', path: '/rules', area: 'rules', auth: 'session', access: { anyPermission: ['CAN_VIEW_ROUTING_RULES'], anyRole: ['admin', 'support'] }, spec: '3§7' },
  { id: 'rules.create', method: 'POST', path: '/rules', area: 'rules', auth: 'session', access: P('CAN_EDIT_ROUTING_RULES'), spec: '3§7' },
  { id: 'rules.update', method: 'PUT', path: '/rules', area: 'rules', auth: 'session', access: P('CAN_EDIT_ROUTING_RULES'), spec: '3§7' },
  { id: 'rules.swap', method: 'PUT', path: '/rules/swap', area: 'rules', auth: 'session', access: P('CAN_EDIT_ROUTING_RULES'), spec: '3§7' },
  { id: 'rules.delete', method: 'DELETE', path: '/rules/{ruleId}', area: 'rules', auth: 'session', access: P('CAN_EDIT_ROUTING_RULES'), spec: '3§7' },
  { id: 'rules.simulate', method: 'POST', path: '/rules/simulate', area: 'rules', auth: 'session', access: P('CAN_EDIT_ROUTING_RULES'), spec: 'addition (routing-rule simulation before a change is saved, issue 12 Insights)' },

  // contract map (part 3 §7)
  { id: 'contracts.list', method: 'GET', path: '/contracts', area: 'contracts', auth: 'session', access: { anyPermission: ['CAN_VIEW_CONTRACTS'], anyRole: ['admin', 'support'] }, spec: '3§7' },
  { id: 'contracts.create', method: 'POST', path: '/contracts', area: 'contracts', auth: 'session', access: P('CAN_EDIT_CONTRACTS'), spec: '3§7' },
  { id: 'contracts.update', method: 'PUT', path: '/contracts', area: 'contracts', auth: 'session', access: P('CAN_EDIT_CONTRACTS'), spec: '3§7' },
  { id: 'contracts.delete', method: 'DELETE', path: '/contracts/{contractKey}', area: 'contracts', auth: 'session', access: P('CAN_EDIT_CONTRACTS'), spec: '3§7' },

  // price factors (part 3 §7): admin only
  { id: 'priceFactors.list', method: 'GET', path: '/PriceFactors', area: 'priceFactors', auth: 'session', access: R('admin'), spec: '3§7' },
  { id: 'priceFactors.bulkImport', method: 'POST', path: '/PriceFactor/bulkImport', area: 'priceFactors', auth: 'session', access: R('admin'), spec: '3§7' },

  // address data (parts 1, 2, 3)
  { id: 'address.isValidZip', method: 'GET', path: '/address/isvalidzipcode/{zip}', area: 'address', auth: 'session', spec: '1§7, 2§7, 3§7' },
  { id: 'address.zipCodes', method: 'GET', path: '/address/zipCode/{zip}', area: 'address', auth: 'session', spec: '2§7 (zipCode/{zipOrScf})' },
  { id: 'address.radius', method: 'GET', path: '/address/zipCode/{zip}/distance/{miles}', area: 'address', auth: 'session', spec: '2§7' },
  { id: 'address.citiesAndCounties', method: 'GET', path: '/address/states/{state}', area: 'address', auth: 'session', spec: '2§7, 3§7 (also address/States)' },
  { id: 'address.cityZips', method: 'GET', path: '/address/state/{state}/city/{name}', area: 'address', auth: 'session', spec: '2§7, 3§7' },
  { id: 'address.countyZips', method: 'GET', path: '/address/state/{state}/county/{name}', area: 'address', auth: 'session', spec: '2§7, 3§7' },

  // public sales forms (part 3 §7)
  { id: 'sales.lob', method: 'GET', path: '/sales/lob/{contractNumber}', area: 'sales', auth: 'public', spec: '3§7' },
  { id: 'sales.location', method: 'GET', path: '/sales/location/{zip}', area: 'sales', auth: 'public', spec: '3§7' },
  { id: 'sales.lead', method: 'POST', path: '/sales/lead', area: 'sales', auth: 'public', spec: '3§7' },
  { id: 'sales.employer', method: 'POST', path: '/sales/employer', area: 'sales', auth: 'public', spec: '3§7' },

  // vendor lead posting (the spec names the capability, not the path)
  { id: 'intake.postLead', method: 'POST', path: '/intake/leads', area: 'intake', auth: 'vendorToken', spec: 'addition (vendors post leads)' },
  { id: 'intake.ping', method: 'POST', path: '/intake/ping', area: 'intake', auth: 'vendorToken', spec: 'addition (ping history, 3§3)' },
  { id: 'intake.openapi', method: 'GET', path: '/intake/openapi.json', area: 'intake', auth: 'public', spec: 'addition (the vendor API\'s OpenAPI document: the whole document\'s subset tagged for vendors)' },
  // The whole API's OpenAPI 3.1 document, generated from this manifest and shared/api (issue 24; shared/api/openapi.ts).
  { id: 'intake.apiDocument', method: 'GET', path: '/openapi.json', area: 'intake', auth: 'public', spec: 'addition (the whole API\'s OpenAPI document, issue 24)' },

  // CSV uploads (part 3 §7)
  { id: 'uploads.transactions', method: 'POST', path: '/account/transaction/bulkImport', area: 'uploads', auth: 'session', access: P('CAN_UPLOAD_AND_VIEW_AGENT_CSV_DATA'), spec: '3§7' },
  { id: 'uploads.creditLimits', method: 'POST', path: '/account/creditLimit/bulkImport', area: 'uploads', auth: 'session', access: P('CAN_UPLOAD_AND_VIEW_AGENT_CSV_DATA'), spec: '3§7' },
  { id: 'uploads.reimbursements', method: 'POST', path: '/account/leadreimbursement', area: 'uploads', auth: 'session', access: P('CAN_UPLOAD_AND_VIEW_AGENT_CSV_DATA'), spec: '3§7' },
  // The upload's progress and result report, polled after the PUT (the spec's calls answered in one
  // request; the uploader, or an admin, reads it: functions/core/uploads/upload-status.ts).
  { id: 'uploads.status', method: 'GET', path: '/uploads/{uploadId}', area: 'uploads', auth: 'session', access: { anyPermission: ['CAN_UPLOAD_AND_VIEW_AGENT_CSV_DATA', 'CAN_EDIT_CAMPAIGNS'], anyRole: ['admin'] }, spec: 'addition (3§7 upload response)' },

  // the vendor partner portal (issue 24): one vendor's own screens, "own vendor" (ownVendor above; shared/api/partner.ts)
  { id: 'partner.vendor', method: 'GET', path: '/partner/{vendorId}', area: 'partner', auth: 'session', access: ownVendor(), spec: 'addition (partner portal, issue 24)' },
  { id: 'partner.users', method: 'GET', path: '/partner/{vendorId}/users', area: 'partner', auth: 'session', access: ownVendor(), spec: 'addition (partner portal Users, issue 24)' },
  { id: 'partner.inviteUser', method: 'POST', path: '/partner/{vendorId}/users', area: 'partner', auth: 'session', access: ownVendor(VENDOR_ADMIN), spec: 'addition (partner portal Users, issue 24)' },
  { id: 'partner.updateUser', method: 'PATCH', path: '/partner/{vendorId}/users/{userId}', area: 'partner', auth: 'session', access: ownVendor(VENDOR_ADMIN), spec: 'addition (partner portal Users, issue 24)' },
  { id: 'partner.removeUser', method: 'DELETE', path: '/partner/{vendorId}/users/{userId}', area: 'partner', auth: 'session', access: ownVendor(VENDOR_ADMIN), spec: 'addition (partner portal Users, issue 24)' },
  { id: 'partner.integration', method: 'GET', path: '/partner/{vendorId}/integration', area: 'partner', auth: 'session', access: ownVendor(), spec: 'addition (partner portal Integration, issue 24)' },
  { id: 'partner.rotateToken', method: 'POST', path: '/partner/{vendorId}/token', area: 'partner', auth: 'session', access: ownVendor(VENDOR_ADMIN), spec: 'addition (partner portal Integration, issue 24)' },
  { id: 'partner.rotateSandboxToken', method: 'POST', path: '/partner/{vendorId}/sandboxToken', area: 'partner', auth: 'session', access: ownVendor(VENDOR_ADMIN), spec: 'addition (partner portal Integration: the sandbox token, issue 24)' },
  // the partner portal's data screens (issue 24): Home's figures, the vendor's leads and their returns (shared/api/partner-data.ts)
  { id: 'partner.summary', method: 'GET', path: '/partner/{vendorId}/summary', area: 'partner', auth: 'session', access: ownVendor(), spec: 'addition (partner portal Home, issue 24)' },
  { id: 'partner.leads', method: 'GET', path: '/partner/{vendorId}/leads', area: 'partner', auth: 'session', access: ownVendor(), spec: 'addition (partner portal Leads, issue 24)' },
  { id: 'partner.lead', method: 'GET', path: '/partner/{vendorId}/leads/{leadId}', area: 'partner', auth: 'session', access: ownVendor(), spec: 'addition (partner portal Leads, issue 24)' },
  { id: 'partner.returns', method: 'GET', path: '/partner/{vendorId}/returns', area: 'partner', auth: 'session', access: ownVendor(), spec: 'addition (partner portal Returns, issue 24)' },
] as const satisfies readonly RouteDef[];

export type RouteId = (typeof ROUTES)[number]['id'];

/** The API Gateway route key of a manifest entry, e.g. `GET /api/me`. */
export function routeKey(route: Pick<RouteDef, 'method' | 'path'>): string {
  return `${route.method} /api${route.path}`;
}

/** Routes served by one area, in manifest order. */
export function routesOf(area: Area): RouteDef[] {
  return (ROUTES as readonly RouteDef[]).filter((r) => r.area === area);
}

export function routeById(id: string): RouteDef | undefined {
  return (ROUTES as readonly RouteDef[]).find((r) => r.id === id);
}

/** Split a path template into literal and parameter segments. */
function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/**
 * Find the route a concrete request path matches, preferring literal segments over parameters at
 * each position (the same precedence API Gateway HTTP APIs use). Path parameters come back decoded.
 */
export function matchRoute(
  method: string,
  path: string,
): { route: RouteDef; params: Record<string, string> } | undefined {
  const parts = segments(path);
  let best: { route: RouteDef; params: Record<string, string>; score: number[] } | undefined;
  for (const route of ROUTES as readonly RouteDef[]) {
    if (route.method !== method) continue;
    const tmpl = segments(route.path);
    if (tmpl.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const score: number[] = [];
    let ok = true;
    for (let i = 0; i < tmpl.length; i++) {
      const t = tmpl[i]!;
      const p = parts[i]!;
      if (t.startsWith('{')) {
        let value: string;
        try {
          value = decodeURIComponent(p);
        } catch {
          ok = false;
          break;
        }
        params[t.slice(1, -1)] = value;
        score.push(0);
      } else if (t === p) score.push(1);
      else {
        ok = false;
        break;
      }
    }
    if (!ok) continue;
    if (!best || compareScores(score, best.score) > 0) best = { route, params, score };
  }
  return best && { route: best.route, params: best.params };
}

function compareScores(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}
