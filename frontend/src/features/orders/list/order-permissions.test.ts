import { describe, expect, it } from 'vitest';
import { permissionsFor } from '#shared/permissions.ts';
import { orderActions, type OrdersViewer } from './order-permissions.ts';

const viewer = (roles: OrdersViewer['Roles'], flags: Parameters<typeof permissionsFor>[0], extra: Partial<OrdersViewer> = {}): OrdersViewer => ({
  Permissions: permissionsFor(flags),
  Roles: roles,
  IsAdmin: flags.isAdmin,
  IsSponsorAgent: flags.isSponsorAgent,
  IsSalesAssistant: flags.isSalesAssistant,
  ...extra,
});
const base = { isAdmin: false, isManager: false, isLeadConnectHome: false, isSalesAssistant: false, isSponsorAgent: false, isFundPreview: false } as const;
const AGENT = viewer(['agent'], { ...base, kind: 'agent' });
const ASSISTANT = viewer(['salesAssistant'], { ...base, kind: 'agent', isSalesAssistant: true });
const ADMIN = viewer(['admin'], { ...base, kind: 'staff', isAdmin: true });
const MANAGER = viewer(['manager'], { ...base, kind: 'staff', isManager: true });
const SPONSOR_MANAGER = { ...MANAGER, IsSponsorAgent: true };
const SUPPORT = viewer(['support'], { ...base, kind: 'staff', isLeadConnectHome: true });

const own = { newFundOrderForStaff: false };
const adminView = (agentIsSubagent = false, newFundOrderForStaff = false) => ({ admin: { agentIsSubagent }, newFundOrderForStaff });

describe('what My Orders lets each user do', () => {
  it('an agent toggles, cancels, activates, edits and creates their own orders', () => {
    expect(orderActions(AGENT, own)).toEqual({ toggle: true, cancelOrActivate: true, edit: true, newFundOrder: true, newCampaignOrder: true });
  });

  it('a sales assistant only reads', () => {
    expect(orderActions(ASSISTANT, own)).toEqual({ toggle: false, cancelOrActivate: false, edit: false, newFundOrder: false, newCampaignOrder: false });
  });

  it('an admin in admin view does everything', () => {
    expect(orderActions(ADMIN, adminView())).toEqual({ toggle: true, cancelOrActivate: true, edit: true, newFundOrder: true, newCampaignOrder: true });
  });

  it('a manager in admin view cannot cancel or activate, and toggles only as a sponsor agent viewing a subagent', () => {
    expect(orderActions(MANAGER, adminView(true))).toMatchObject({ toggle: false, cancelOrActivate: false, edit: false, newCampaignOrder: false });
    expect(orderActions(SPONSOR_MANAGER, adminView(false)).toggle).toBe(false);
    // The toggle's route still asks for CAN_ACTIVATE_ORDERS: a manager who is also a sponsor agent holds it.
    expect(orderActions(SPONSOR_MANAGER, adminView(true)).toggle).toBe(false);
    const agentManager = { ...SPONSOR_MANAGER, Permissions: [...MANAGER.Permissions, 'CAN_ACTIVATE_ORDERS' as const] };
    expect(orderActions(agentManager, adminView(true))).toMatchObject({ toggle: true, cancelOrActivate: false });
    expect(orderActions(agentManager, adminView(false)).toggle).toBe(false);
  });

  it('managers and support get New Fund Order in admin view only when the configuration flag allows it', () => {
    expect(orderActions(MANAGER, adminView(false, false)).newFundOrder).toBe(false);
    expect(orderActions(MANAGER, adminView(false, true)).newFundOrder).toBe(true);
    expect(orderActions(SUPPORT, adminView(false, false)).newFundOrder).toBe(false);
    expect(orderActions(SUPPORT, adminView(false, true))).toMatchObject({ newFundOrder: true, newCampaignOrder: false, toggle: true, cancelOrActivate: true, edit: false });
  });
});
