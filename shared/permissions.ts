// Permission strings (spec part 1 §6) and the one mapping from a user's role and flags to them.

export const PERMISSIONS = [
  'CAN_VIEW_MY_HOMEPAGE',
  'CAN_VIEW_AGENTS',
  'CAN_EDIT_AGENTS',
  'CAN_VIEW_AGENTS_LEADS',
  'CAN_VIEW_ALL_LEADS',
  'CAN_VIEW_CAMPAIGNS',
  'CAN_VIEW_VENDORS',
  'CAN_VIEW_FUNDS',
  'CAN_VIEW_ROUTING_RULES',
  'CAN_VIEW_CONTRACTS',
  'CAN_EDIT_FUNDS',
  'CAN_EDIT_ROUTING_RULES',
  'CAN_EDIT_CONTRACTS',
  'CAN_VIEW_EDIT_AGENT_PRIORITY',
  'CAN_VIEW_EDIT_AGENT_CREDIT_LINE',
  'CAN_VIEW_EDIT_AGENT_ACCOUNT_ORDER_STATUS',
  'CAN_VIEW_AGENT_LIVE_TRANSFER_STATUS',
  'CAN_UPLOAD_AND_VIEW_AGENT_CSV_DATA',
  'CAN_TOGGLE_CAMPAIGN_ACTIVE',
  'CAN_EDIT_CAMPAIGNS',
  'CAN_CREATE_NEW_CAMPAIGNS',
  'CAN_EDIT_VENDORS',
  'CAN_TOGGLE_VENDORS_ACTIVE',
  'CAN_CREATE_NEW_VENDORS',
  'CAN_CREATE_ORDERS',
  'CAN_DISPUTE_LEADS',
  'CAN_ACTIVATE_ORDERS',
  'CAN_VIEW_MY_FUND_ORDERS',
  'CAN_VIEW_MY_ORDERS',
  'CAN_VIEW_MY_LEADS',
  'CAN_VIEW_MY_ACCOUNT',
  'CAN_VIEW_ACCOUNT_SUMMARY',
  'CAN_VIEW_SETTINGS',
  'CAN_VIEW_MY_TEAM',
  'CAN_VIEW_HELP_URL',
  'CAN_TRANSFER_MY_FUNDS_TO_OTHER_AGENTS',
  'CAN_FUND_MY_ACCOUNT',
  'CAN_TRANSFER_MY_FUNDS_TO_POINTANDCLICK',
  'CAN_VIEW_AGENT_FUND_TABLE',
  'CAN_VIEW_LC_REPORTS',
  'CAN_VIEW_AGENT_THIRD_PARTY_STATUS',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/**
 * Roles a route may name directly (spec: "admin, manager or support", "admin only"). Vendor users
 * (issue 24, the partner portal) hold 'vendor', and their administrators also 'vendorAdmin'; they hold
 * no permission of the list above, so no agent or staff route or page admits them.
 */
export const ROLES = ['admin', 'manager', 'support', 'salesAssistant', 'agent', 'vendor', 'vendorAdmin'] as const;
export type Role = (typeof ROLES)[number];

/** A vendor user's role in the partner portal: administrators invite colleagues and rotate the token; read-only users look. */
export const VENDOR_ROLES = ['admin', 'readOnly'] as const;
export type VendorRole = (typeof VENDOR_ROLES)[number];

/** What a signed-in user is, as stored on the user record. */
export interface UserFlags {
  /**
   * Staff users have no agent record; agent users (and sales assistants) act for one; vendor users
   * (the partner portal) act for one vendor and nothing else.
   */
  kind: 'staff' | 'agent' | 'vendor';
  /** The vendor a vendor user acts for (only on vendor users). */
  vendorId?: string;
  /** A vendor user's partner-portal role (only on vendor users). */
  vendorRole?: VendorRole;
  isAdmin: boolean;
  isManager: boolean;
  /** IS_LEADCONNECTHOME: the support role. */
  isLeadConnectHome: boolean;
  isSalesAssistant: boolean;
  isSponsorAgent: boolean;
  isFundPreview: boolean;
  /** Agent type of the linked agent record: 0 captive, 1 broker, 2 first-family. */
  agentType?: 0 | 1 | 2;
}

const AGENT_BASE: Permission[] = [
  'CAN_VIEW_MY_HOMEPAGE',
  'CAN_VIEW_ACCOUNT_SUMMARY',
  'CAN_VIEW_MY_ACCOUNT',
  'CAN_VIEW_MY_LEADS',
  'CAN_VIEW_MY_ORDERS',
  // My Orders sends agents without fund preview to the fund orders list (spec part 1 §2.2), which
  // needs this permission; the (NEW) My Fund Orders item stays behind the fund-preview flag.
  'CAN_VIEW_MY_FUND_ORDERS',
  'CAN_CREATE_ORDERS',
  'CAN_ACTIVATE_ORDERS',
  'CAN_DISPUTE_LEADS',
  'CAN_VIEW_SETTINGS',
  'CAN_VIEW_HELP_URL',
  'CAN_TRANSFER_MY_FUNDS_TO_OTHER_AGENTS',
  'CAN_TRANSFER_MY_FUNDS_TO_POINTANDCLICK',
  'CAN_FUND_MY_ACCOUNT',
  'CAN_VIEW_AGENT_FUND_TABLE',
];

const SUPPORT: Permission[] = [
  'CAN_VIEW_MY_HOMEPAGE',
  'CAN_VIEW_AGENTS',
  'CAN_EDIT_AGENTS',
  'CAN_VIEW_AGENTS_LEADS',
  'CAN_VIEW_ALL_LEADS',
  'CAN_VIEW_CAMPAIGNS',
  'CAN_VIEW_VENDORS',
  'CAN_VIEW_FUNDS',
  'CAN_VIEW_ROUTING_RULES',
  'CAN_VIEW_CONTRACTS',
  'CAN_VIEW_EDIT_AGENT_PRIORITY',
  'CAN_VIEW_EDIT_AGENT_CREDIT_LINE',
  'CAN_VIEW_EDIT_AGENT_ACCOUNT_ORDER_STATUS',
  'CAN_VIEW_AGENT_LIVE_TRANSFER_STATUS',
  'CAN_VIEW_AGENT_THIRD_PARTY_STATUS',
  'CAN_ACTIVATE_ORDERS',
  'CAN_VIEW_LC_REPORTS',
  'CAN_VIEW_HELP_URL',
];

const MANAGER: Permission[] = [
  'CAN_VIEW_MY_HOMEPAGE',
  'CAN_VIEW_AGENTS',
  'CAN_VIEW_AGENTS_LEADS',
  'CAN_VIEW_MY_TEAM',
  'CAN_VIEW_CAMPAIGNS',
  'CAN_VIEW_VENDORS',
  'CAN_VIEW_FUNDS',
  'CAN_VIEW_LC_REPORTS',
  'CAN_VIEW_HELP_URL',
];

const SALES_ASSISTANT: Permission[] = [
  'CAN_VIEW_MY_HOMEPAGE',
  'CAN_VIEW_ACCOUNT_SUMMARY',
  'CAN_VIEW_MY_ACCOUNT',
  'CAN_VIEW_MY_LEADS',
  'CAN_VIEW_MY_ORDERS',
  // As for agents: My Orders leads to the fund orders list without fund preview (spec part 1 §2.2),
  // and the assistant reads the viewed agent's orders there (a read permission; docs/api.md Decisions).
  'CAN_VIEW_MY_FUND_ORDERS',
  'CAN_VIEW_HELP_URL',
  'CAN_VIEW_AGENT_FUND_TABLE',
];

/**
 * The single mapping from role and flags to permissions. Admins hold every permission; support
 * (IS_LEADCONNECTHOME) runs agents, leads and reports but edits no catalogue; managers watch their
 * team and the catalogue read-only; agents run their own account. A sponsor agent also sees My Team.
 */
export function permissionsFor(flags: UserFlags): Permission[] {
  // A vendor user holds no permission of the agent and staff portal, whatever flags a record carries.
  if (flags.kind === 'vendor') return [];
  const granted = new Set<Permission>();
  if (flags.isAdmin) return [...PERMISSIONS];
  if (flags.isLeadConnectHome) SUPPORT.forEach((p) => granted.add(p));
  if (flags.isManager) MANAGER.forEach((p) => granted.add(p));
  if (flags.kind === 'agent' && flags.isSalesAssistant) {
    // A sales assistant views an agent's account: reading only, never acting for the agent.
    SALES_ASSISTANT.forEach((p) => granted.add(p));
  } else if (flags.kind === 'agent') {
    AGENT_BASE.forEach((p) => granted.add(p));
    if (flags.isSponsorAgent) granted.add('CAN_VIEW_MY_TEAM');
  }
  return PERMISSIONS.filter((p) => granted.has(p));
}

/** Roles held by a user, for routes that name roles rather than permissions. */
export function rolesFor(flags: UserFlags): Role[] {
  if (flags.kind === 'vendor') return isVendorUser(flags) ? (flags.vendorRole === 'admin' ? ['vendor', 'vendorAdmin'] : ['vendor']) : [];
  const roles: Role[] = [];
  if (flags.isAdmin) roles.push('admin');
  if (flags.isManager) roles.push('manager');
  if (flags.isLeadConnectHome) roles.push('support');
  if (flags.isSalesAssistant) roles.push('salesAssistant');
  if (flags.kind === 'agent') roles.push('agent');
  return roles;
}

/** Sales assistants only read: the server refuses every state-changing call they make. */
export function isReadOnly(flags: UserFlags): boolean {
  return flags.isSalesAssistant && !isStaff(flags);
}

/** Staff act for any agent their permissions allow; agents only for themselves (and downline). */
export function isStaff(flags: Pick<UserFlags, 'isAdmin' | 'isManager' | 'isLeadConnectHome'> & { kind?: UserFlags['kind'] }): boolean {
  if (flags.kind === 'vendor') return false;
  return flags.isAdmin || flags.isManager || flags.isLeadConnectHome;
}

/** A vendor user of the partner portal, with the vendor they act for. */
export function isVendorUser(flags: Pick<UserFlags, 'kind' | 'vendorId'>): flags is UserFlags & { kind: 'vendor'; vendorId: string } {
  return flags.kind === 'vendor' && typeof flags.vendorId === 'string' && flags.vendorId !== '';
}

/**
 * Who must sign in with an authenticator app (issue 7, docs/deployment.md): staff, who reach every
 * agent, and vendor users (issue 24), who hold their vendor's API token and see its leads and money.
 * A sales assistant is an agent user who only reads one agent's account, so not staff.
 */
export function mfaRequired(flags: Pick<UserFlags, 'isAdmin' | 'isManager' | 'isLeadConnectHome'> & { kind?: UserFlags['kind'] }): boolean {
  return flags.kind === 'vendor' || isStaff(flags);
}
