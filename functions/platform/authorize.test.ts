import { describe, expect, it } from 'vitest';
import type { RouteDef } from '#shared/manifest.ts';
import { permissionsFor, rolesFor, type UserFlags } from '#shared/permissions.ts';
import { authorizeRoute, missingPermissions, ownerReadsBody } from './authorize.ts';
import type { SessionUser } from './session-user.ts';

const base: UserFlags = {
  kind: 'agent',
  isAdmin: false,
  isManager: false,
  isLeadConnectHome: false,
  isSalesAssistant: false,
  isSponsorAgent: false,
  isFundPreview: false,
  agentType: 0,
};

function user(flags: Partial<UserFlags>, agentId?: string): SessionUser {
  const f = { ...base, ...flags };
  return { userId: 'u1', sessionId: 's1', email: 'x@example.test', name: 'X', agentId, flags: f, permissions: permissionsFor(f), roles: rolesFor(f) };
}

const transfer: RouteDef = {
  id: 'account.agentTransfer',
  method: 'POST',
  path: '/agent/{agentId}/agentTransfer/{receiverId}',
  area: 'account',
  auth: 'session',
  access: { anyPermission: ['CAN_TRANSFER_MY_FUNDS_TO_OTHER_AGENTS'], owner: { param: 'agentId', reach: 'self' } },
  spec: 'test',
};
const transactions: RouteDef = { ...transfer, id: 'account.listTransactions', access: { anyPermission: ['CAN_VIEW_MY_ACCOUNT', 'CAN_VIEW_AGENTS'], owner: { param: 'agentId', reach: 'downline' } } };
const priceFactors: RouteDef = { ...transfer, id: 'priceFactors.list', access: { anyRole: ['admin'] } };
const noDownline = async () => false;

describe('authorizeRoute', () => {
  it('refuses a session route without a user with 401', async () => {
    await expect(authorizeRoute(transfer, undefined, { agentId: 'A1' }, noDownline)).rejects.toMatchObject({ status: 401 });
  });

  it('lets an agent act on their own agent id', async () => {
    await expect(authorizeRoute(transfer, user({}, 'A1'), { agentId: 'A1' }, noDownline)).resolves.toBeUndefined();
  });

  it("refuses an agent acting on another agent's id with 403", async () => {
    await expect(authorizeRoute(transfer, user({}, 'A1'), { agentId: 'A2' }, noDownline)).rejects.toMatchObject({ status: 403 });
  });

  it('lets an agent read a downline agent where the route allows downline', async () => {
    const isIn = async (a: string, d: string) => a === 'A1' && d === 'A9';
    await expect(authorizeRoute(transactions, user({}, 'A1'), { agentId: 'A9' }, isIn)).resolves.toBeUndefined();
    await expect(authorizeRoute(transfer, user({}, 'A1'), { agentId: 'A9' }, isIn)).rejects.toMatchObject({ status: 403 });
  });

  it('refuses a user who lacks every listed permission', async () => {
    const sales = user({ isSalesAssistant: true }, 'A1');
    await expect(authorizeRoute(transfer, sales, { agentId: 'A1' }, noDownline)).rejects.toMatchObject({ status: 403 });
    expect(missingPermissions(transfer, sales)).toEqual(['CAN_TRANSFER_MY_FUNDS_TO_OTHER_AGENTS']);
  });

  it('lets staff with the permission reach any agent', async () => {
    const support = user({ kind: 'staff', isLeadConnectHome: true, agentType: undefined });
    await expect(authorizeRoute(transactions, support, { agentId: 'A2' }, noDownline)).resolves.toBeUndefined();
  });

  it("refuses staff on a route only the account holder may call, such as moving an agent's money", async () => {
    const holderOnly: RouteDef = { ...transfer, access: { anyPermission: ['CAN_TRANSFER_MY_FUNDS_TO_OTHER_AGENTS'], owner: { param: 'agentId', reach: 'holder' } } };
    await expect(authorizeRoute(holderOnly, user({ kind: 'staff', isAdmin: true }), { agentId: 'A1' }, noDownline)).rejects.toMatchObject({ status: 403 });
    await expect(authorizeRoute(holderOnly, user({}, 'A1'), { agentId: 'A1' }, noDownline)).resolves.toBeUndefined();
  });

  describe("a 'holder' rule that lets staff stop the movement (Pro Store)", () => {
    const proStore: RouteDef = {
      ...transfer,
      id: 'account.updateProStore',
      method: 'PATCH',
      path: '/agent/{agentId}/prostore',
      access: { anyPermission: ['CAN_VIEW_SETTINGS'], owner: { param: 'agentId', reach: 'holder', staffMayStop: 'Enabled' } },
    };
    const admin = user({ kind: 'staff', isAdmin: true, agentType: undefined });
    const check = (who: SessionUser, body: unknown, agentId = 'A1') => authorizeRoute(proStore, who, { agentId }, noDownline, body);

    it('lets staff switch it off but not on', async () => {
      await expect(check(admin, { Enabled: false, Amount: 0 })).resolves.toBeUndefined();
      await expect(check(admin, { Enabled: true, Amount: 25 })).rejects.toMatchObject({ status: 403 });
      await expect(check(admin, {})).rejects.toMatchObject({ status: 403 });
    });

    it('lets the holder switch it either way, and refuses another agent even switching it off', async () => {
      await expect(check(user({}, 'A1'), { Enabled: true, Amount: 25 })).resolves.toBeUndefined();
      await expect(check(user({}, 'A2'), { Enabled: false, Amount: 0 })).rejects.toMatchObject({ status: 403 });
    });

    it('checks staff once the body is parsed, an agent naming another account before', () => {
      expect(ownerReadsBody(proStore.access!.owner, admin)).toBe(true);
      expect(ownerReadsBody(proStore.access!.owner, user({}, 'A2'))).toBe(false);
    });
  });

  it('admits admin-only routes for admins and nobody else', async () => {
    await expect(authorizeRoute(priceFactors, user({ kind: 'staff', isAdmin: true }), {}, noDownline)).resolves.toBeUndefined();
    await expect(authorizeRoute(priceFactors, user({ kind: 'staff', isLeadConnectHome: true }), {}, noDownline)).rejects.toMatchObject({ status: 403 });
  });
});
