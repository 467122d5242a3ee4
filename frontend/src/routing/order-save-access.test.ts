import { describe, expect, it } from 'vitest';
import { permissionsFor, type UserFlags } from '#shared/permissions.ts';
import { orderSaveAccess, ownOrderSaveAccess, type OrderWizardTarget } from './order-save-access.ts';

const staff = (over: Partial<UserFlags>) => {
  const flags: UserFlags = { kind: 'staff', isAdmin: false, isManager: false, isLeadConnectHome: false, isSalesAssistant: false, isSponsorAgent: false, isFundPreview: false, ...over };
  return { AgentId: null, IsAdmin: flags.isAdmin, Permissions: permissionsFor(flags) };
};
const admin = staff({ isAdmin: true });
const manager = staff({ isManager: true });
const support = staff({ isLeadConnectHome: true });
const flagOff = { newFundOrderForStaff: false };
const flagOn = { newFundOrderForStaff: true };
const REFUSED = { allowed: false, of: 'roles', missing: ['admin'] };

const newFund: OrderWizardTarget = { flow: 'fund', creating: true, agentId: 'A000002' };
const editFund: OrderWizardTarget = { flow: 'fund', creating: false, agentId: 'A000002' };
const newCampaign: OrderWizardTarget = { flow: 'campaign', creating: true, agentId: 'A000002' };
const editCampaign: OrderWizardTarget = { flow: 'campaign', creating: false, agentId: 'A000002' };

describe('order wizard admin routes open only for a save the server takes', () => {
  it('opens every wizard for an admin', () => {
    for (const target of [newFund, editFund, newCampaign, editCampaign]) expect(orderSaveAccess(admin, flagOff, target)).toEqual({ allowed: true });
  });

  it('refuses managers and support a new order for an agent, naming the admin role', () => {
    for (const user of [manager, support]) {
      expect(orderSaveAccess(user, flagOff, newFund)).toEqual(REFUSED);
      expect(orderSaveAccess(user, flagOff, newCampaign)).toEqual(REFUSED);
      expect(orderSaveAccess(user, flagOn, newCampaign)).toEqual(REFUSED);
    }
  });

  it('opens New Fund Order to managers and support while the flag that shows them the button is on', () => {
    for (const user of [manager, support]) expect(orderSaveAccess(user, flagOn, newFund)).toEqual({ allowed: true });
  });

  it('refuses managers and support an edit of an agent’s order, flag or not', () => {
    for (const user of [manager, support]) for (const flags of [flagOff, flagOn]) {
      expect(orderSaveAccess(user, flags, editFund).allowed).toBe(false);
      expect(orderSaveAccess(user, flags, editCampaign).allowed).toBe(false);
    }
  });

  it('names the save route’s permissions when the user holds none of them', () => {
    expect(orderSaveAccess({ AgentId: null, IsAdmin: false, Permissions: ['CAN_VIEW_MY_HOMEPAGE'] }, flagOn, newFund)).toEqual({
      allowed: false,
      of: 'permissions',
      missing: ['CAN_VIEW_MY_FUND_ORDERS', 'CAN_EDIT_AGENTS', 'CAN_VIEW_AGENTS'],
    });
  });

  it('lets staff who are that agent save their own order', () => {
    const managerAgent = { ...manager, AgentId: 'A000002', Permissions: [...manager.Permissions, 'CAN_VIEW_MY_FUND_ORDERS' as const, 'CAN_CREATE_ORDERS' as const] };
    for (const target of [newFund, editFund, newCampaign, editCampaign]) expect(orderSaveAccess(managerAgent, flagOff, target)).toEqual({ allowed: true });
  });
});

describe("the agent's own order wizard routes open only for a user with an agent account", () => {
  const NO_ACCOUNT = { allowed: false, of: 'agentAccount' };
  const agent = { ...staff({ kind: 'agent' }), AgentId: 'A000002' };
  const targets = [
    { flow: 'fund', creating: true },
    { flow: 'fund', creating: false },
    { flow: 'campaign', creating: true },
    { flow: 'campaign', creating: false },
  ] as const;

  it('refuses staff without an agent account every own wizard, admins too and flag or not', () => {
    for (const user of [admin, manager, support]) for (const flags of [flagOff, flagOn]) for (const target of targets) {
      expect(ownOrderSaveAccess(user, flags, target)).toEqual(NO_ACCOUNT);
    }
  });

  it('opens every own wizard for an agent', () => {
    for (const target of targets) expect(ownOrderSaveAccess(agent, flagOff, target)).toEqual({ allowed: true });
  });

  it("still names the save route's permissions an agent lacks", () => {
    expect(ownOrderSaveAccess({ ...agent, Permissions: ['CAN_VIEW_MY_HOMEPAGE', 'CAN_CREATE_ORDERS'] }, flagOff, { flow: 'fund', creating: false })).toEqual({
      allowed: false,
      of: 'permissions',
      missing: ['CAN_VIEW_MY_FUND_ORDERS', 'CAN_EDIT_AGENTS'],
    });
  });

  it('refuses a sales assistant, who reads the fund orders but saves nothing (no CAN_CREATE_ORDERS)', () => {
    const assistant = { ...staff({ kind: 'agent', isSalesAssistant: true }), AgentId: 'A000003' };
    expect(assistant.Permissions).toContain('CAN_VIEW_MY_FUND_ORDERS');
    for (const target of targets) expect(ownOrderSaveAccess(assistant, flagOff, target)).toEqual({ allowed: false, of: 'permissions', missing: ['CAN_CREATE_ORDERS'] });
  });
});
