import { describe, expect, it } from 'vitest';
import { PERMISSIONS, permissionsFor, rolesFor, isReadOnly, type UserFlags } from './permissions.ts';

const none: UserFlags = {
  kind: 'agent',
  isAdmin: false,
  isManager: false,
  isLeadConnectHome: false,
  isSalesAssistant: false,
  isSponsorAgent: false,
  isFundPreview: false,
};
const staff = (f: Partial<UserFlags>): UserFlags => ({ ...none, kind: 'staff', ...f });
const agent = (f: Partial<UserFlags> = {}): UserFlags => ({ ...none, ...f });

const AGENT = [
  'CAN_VIEW_MY_FUND_ORDERS',
  'CAN_VIEW_MY_HOMEPAGE', 'CAN_CREATE_ORDERS', 'CAN_DISPUTE_LEADS', 'CAN_ACTIVATE_ORDERS', 'CAN_VIEW_MY_ORDERS',
  'CAN_VIEW_MY_LEADS', 'CAN_VIEW_MY_ACCOUNT', 'CAN_VIEW_ACCOUNT_SUMMARY', 'CAN_VIEW_SETTINGS', 'CAN_VIEW_HELP_URL',
  'CAN_TRANSFER_MY_FUNDS_TO_OTHER_AGENTS', 'CAN_FUND_MY_ACCOUNT', 'CAN_TRANSFER_MY_FUNDS_TO_POINTANDCLICK',
  'CAN_VIEW_AGENT_FUND_TABLE',
];

const sorted = (list: readonly string[]) => [...list].sort();

describe('permissionsFor, role by role', () => {
  it('gives an admin every permission', () => {
    expect(sorted(permissionsFor(staff({ isAdmin: true })))).toEqual(sorted(PERMISSIONS));
  });

  it('gives support (IS_LEADCONNECTHOME) agents, leads, catalogue viewing and reports, but no catalogue editing', () => {
    expect(sorted(permissionsFor(staff({ isLeadConnectHome: true })))).toEqual(sorted([
      'CAN_VIEW_MY_HOMEPAGE', 'CAN_VIEW_AGENTS', 'CAN_EDIT_AGENTS', 'CAN_VIEW_AGENTS_LEADS', 'CAN_VIEW_ALL_LEADS',
      'CAN_VIEW_CAMPAIGNS', 'CAN_VIEW_VENDORS', 'CAN_VIEW_FUNDS', 'CAN_VIEW_ROUTING_RULES', 'CAN_VIEW_CONTRACTS',
      'CAN_VIEW_EDIT_AGENT_PRIORITY', 'CAN_VIEW_EDIT_AGENT_CREDIT_LINE', 'CAN_VIEW_EDIT_AGENT_ACCOUNT_ORDER_STATUS',
      'CAN_VIEW_AGENT_LIVE_TRANSFER_STATUS', 'CAN_VIEW_AGENT_THIRD_PARTY_STATUS', 'CAN_ACTIVATE_ORDERS',
      'CAN_VIEW_LC_REPORTS', 'CAN_VIEW_HELP_URL',
    ]));
  });

  it('gives a manager a read-only view of agents, team, catalogue and reports', () => {
    expect(sorted(permissionsFor(staff({ isManager: true })))).toEqual(sorted([
      'CAN_VIEW_MY_HOMEPAGE', 'CAN_VIEW_AGENTS', 'CAN_VIEW_AGENTS_LEADS', 'CAN_VIEW_MY_TEAM', 'CAN_VIEW_CAMPAIGNS',
      'CAN_VIEW_VENDORS', 'CAN_VIEW_FUNDS', 'CAN_VIEW_LC_REPORTS', 'CAN_VIEW_HELP_URL',
    ]));
  });

  it('gives captive, broker and first-family agents the same account permissions', () => {
    for (const agentType of [0, 1, 2] as const) expect(sorted(permissionsFor(agent({ agentType })))).toEqual(sorted(AGENT));
  });

  it('adds My Team for a sponsor agent; fund preview changes the drawer, not the permissions', () => {
    expect(sorted(permissionsFor(agent({ isSponsorAgent: true })))).toEqual(sorted([...AGENT, 'CAN_VIEW_MY_TEAM']));
    expect(sorted(permissionsFor(agent({ isFundPreview: true })))).toEqual(sorted(AGENT));
  });

  it('gives a sales assistant only the viewing permissions of the account they assist', () => {
    const flags = agent({ isSalesAssistant: true });
    expect(sorted(permissionsFor(flags))).toEqual(sorted([
      'CAN_VIEW_MY_HOMEPAGE', 'CAN_VIEW_ACCOUNT_SUMMARY', 'CAN_VIEW_MY_ACCOUNT', 'CAN_VIEW_MY_LEADS',
      'CAN_VIEW_MY_ORDERS', 'CAN_VIEW_MY_FUND_ORDERS', 'CAN_VIEW_HELP_URL', 'CAN_VIEW_AGENT_FUND_TABLE',
    ]));
    expect(isReadOnly(flags)).toBe(true);
  });

  it('names the roles routes may require', () => {
    expect(rolesFor(staff({ isAdmin: true }))).toEqual(['admin']);
    expect(rolesFor(staff({ isLeadConnectHome: true }))).toEqual(['support']);
    expect(rolesFor(agent({ isSalesAssistant: true }))).toEqual(['salesAssistant', 'agent']);
  });
});
