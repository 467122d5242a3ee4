import { describe, expect, it } from 'vitest';
import { permissionsFor, rolesFor, type UserFlags } from '#shared/permissions.ts';
import { tabsFor } from './admin-agent-header.tsx';

const staff = (changes: Partial<UserFlags>): UserFlags => ({
  kind: 'staff', isAdmin: false, isManager: false, isLeadConnectHome: false, isSalesAssistant: false, isSponsorAgent: false, isFundPreview: false, ...changes,
});
const tabLabels = (flags: UserFlags) =>
  tabsFor({ Permissions: permissionsFor(flags), Roles: rolesFor(flags), IsFundPreview: flags.isFundPreview }).map((t) => t.label);

describe("the admin view's tabs", () => {
  it('give a manager no Leads tab: the agent leads page is for admin or support, whatever CAN_VIEW_AGENTS_LEADS says', () => {
    expect(tabLabels(staff({ isManager: true }))).toEqual(['Agent Info', 'Account', 'Orders']);
  });

  it('give admin and support the Leads tab', () => {
    expect(tabLabels(staff({ isAdmin: true }))).toEqual(['Agent Info', 'Account', 'Leads', 'Orders']);
    expect(tabLabels(staff({ isLeadConnectHome: true }))).toEqual(['Agent Info', 'Account', 'Leads', 'Orders']);
  });
});
