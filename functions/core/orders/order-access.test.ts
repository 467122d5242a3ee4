import { describe, expect, it } from 'vitest';
import type { SessionUser } from '#platform/session-user.ts';
import { permissionsFor, rolesFor, type UserFlags } from '#shared/permissions.ts';
import { ORDER_SERVER_MESSAGES } from '#shared/orders/order.ts';
import { assertMaySaveOrder, assertMaySetStatus } from './order-access.ts';

const user = (over: Partial<UserFlags>, agentId?: string): SessionUser => {
  const flags: UserFlags = { kind: agentId ? 'agent' : 'staff', isAdmin: false, isManager: false, isLeadConnectHome: false, isSalesAssistant: false, isSponsorAgent: false, isFundPreview: false, ...over };
  return { userId: 'u', sessionId: 's', email: 'e@example.com', name: 'n', ...(agentId ? { agentId } : {}), flags, permissions: permissionsFor(flags), roles: rolesFor(flags) };
};
const message = (fn: () => void) => {
  try {
    fn();
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('who may save an order (2§6, 3§6)', () => {
  const create = (flow: 'fund' | 'campaign', flag = false) => ({ flow, creating: true, staffMayCreateFundOrders: flag });

  it('lets agents save their own and admins anyone’s', () => {
    expect(message(() => assertMaySaveOrder(user({}, 'A1'), 'A1', create('campaign')))).toBeUndefined();
    expect(message(() => assertMaySaveOrder(user({ isAdmin: true }), 'A1', create('campaign')))).toBeUndefined();
    expect(message(() => assertMaySaveOrder(user({ isAdmin: true }), 'A1', { ...create('fund'), creating: false }))).toBeUndefined();
  });

  it('refuses managers and support creating for an agent, unless the flag allows fund orders', () => {
    for (const staff of [user({ isManager: true }), user({ isLeadConnectHome: true })]) {
      expect(message(() => assertMaySaveOrder(staff, 'A1', create('campaign', true)))).toBe(ORDER_SERVER_MESSAGES.staffCannotCreate);
      expect(message(() => assertMaySaveOrder(staff, 'A1', create('fund')))).toBe(ORDER_SERVER_MESSAGES.staffCannotCreate);
      expect(message(() => assertMaySaveOrder(staff, 'A1', create('fund', true)))).toBeUndefined();
      expect(message(() => assertMaySaveOrder(staff, 'A1', { ...create('fund', true), creating: false }))).toBe(ORDER_SERVER_MESSAGES.staffCannotEdit);
    }
  });
});

describe('who may change an order status (2§6, 3§6)', () => {
  it('refuses a manager cancelling or reactivating another agent’s order', () => {
    const manager = user({ isManager: true, isSponsorAgent: true }, 'M1');
    expect(message(() => assertMaySetStatus(manager, 'A1', 1, 2, 'subagent'))).toBe(ORDER_SERVER_MESSAGES.managerCannotCancel);
    expect(message(() => assertMaySetStatus(manager, 'A1', 2, 0, 'subagent'))).toBe(ORDER_SERVER_MESSAGES.managerCannotCancel);
  });

  it('lets a manager toggle only as a sponsor agent, for a subagent', () => {
    expect(message(() => assertMaySetStatus(user({ isManager: true, isSponsorAgent: true }, 'M1'), 'A1', 1, 0, 'subagent'))).toBeUndefined();
    expect(message(() => assertMaySetStatus(user({ isManager: true, isSponsorAgent: true }, 'M1'), 'A1', 1, 0, 'agent'))).toBe(ORDER_SERVER_MESSAGES.managerCannotToggle);
    expect(message(() => assertMaySetStatus(user({ isManager: true }, 'M1'), 'A1', 0, 1, 'subagent'))).toBe(ORDER_SERVER_MESSAGES.managerCannotToggle);
  });

  it('lets a manager do anything to their own orders, and support and admins to anyone’s', () => {
    expect(message(() => assertMaySetStatus(user({ isManager: true }, 'M1'), 'M1', 1, 2, 'agent'))).toBeUndefined();
    expect(message(() => assertMaySetStatus(user({ isLeadConnectHome: true }), 'A1', 1, 2, 'agent'))).toBeUndefined();
    expect(message(() => assertMaySetStatus(user({ isAdmin: true, isManager: true }), 'A1', 2, 0, 'agent'))).toBeUndefined();
  });
});
