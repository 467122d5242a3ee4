// The partner portal's "own vendor" rule (issue 24) over the real manifest entries: vendor users reach
// only their own vendor, staff read every vendor and change one only with CAN_EDIT_VENDORS, agents none,
// and vendor users pass no agent or staff route.
import { describe, expect, it } from 'vitest';
import { ROUTES, routeById, type RouteDef } from '#shared/manifest.ts';
import { mfaRequired, permissionsFor, rolesFor, type UserFlags } from '#shared/permissions.ts';
import { authorizeRoute, authorizeVendorPath } from './authorize.ts';
import type { SessionUser } from './session-user.ts';

const none: UserFlags = {
  kind: 'agent',
  isAdmin: false,
  isManager: false,
  isLeadConnectHome: false,
  isSalesAssistant: false,
  isSponsorAgent: false,
  isFundPreview: false,
};

function user(flags: Partial<UserFlags>, agentId?: string): SessionUser {
  const f = { ...none, ...flags };
  return { userId: 'u1', sessionId: 's1', email: 'x@example.test', name: 'X', ...(agentId ? { agentId } : {}), flags: f, permissions: permissionsFor(f), roles: rolesFor(f) };
}

const vendorAdmin = user({ kind: 'vendor', vendorId: 'V1', vendorRole: 'admin' });
const vendorReader = user({ kind: 'vendor', vendorId: 'V1', vendorRole: 'readOnly' });
const admin = user({ kind: 'staff', isAdmin: true });
const manager = user({ kind: 'staff', isManager: true });
const agent = user({ kind: 'agent' }, 'A1');
const noDownline = async () => false;

const route = (id: string) => routeById(id)!;
const status = async (r: RouteDef, u: SessionUser, params: Record<string, string>) => {
  try {
    await authorizeRoute(r, u, params, noDownline);
    return 'allowed';
  } catch (err) {
    return (err as { status?: number }).status;
  }
};

const partnerRoutes = (ROUTES as readonly RouteDef[]).filter((r) => r.area === 'partner');

describe('permissions of vendor users', () => {
  it('gives a vendor user no permission of the agent and staff portal, whatever flags the record carries', () => {
    expect(permissionsFor({ ...none, kind: 'vendor', vendorId: 'V1', vendorRole: 'admin', isAdmin: true })).toEqual([]);
  });

  it("names a vendor administrator's roles vendor and vendorAdmin, a read-only user's only vendor", () => {
    expect(vendorAdmin.roles).toEqual(['vendor', 'vendorAdmin']);
    expect(vendorReader.roles).toEqual(['vendor']);
  });

  it('gives a vendor record without a vendor id no role at all', () => {
    expect(rolesFor({ ...none, kind: 'vendor' })).toEqual([]);
  });

  it('requires MFA of vendor users as of staff, not of agents', () => {
    expect(mfaRequired({ ...none, kind: 'vendor' })).toBe(true);
    expect(mfaRequired({ ...none, kind: 'staff', isManager: true })).toBe(true);
    expect(mfaRequired(none)).toBe(false);
  });
});

describe('own vendor', () => {
  it('puts every partner route under the own-vendor rule on its vendorId path parameter', () => {
    expect(partnerRoutes.length).toBeGreaterThan(0);
    for (const r of partnerRoutes) {
      expect(r.path.startsWith('/partner/{vendorId}'), r.id).toBe(true);
      expect(r.access?.owner, r.id).toEqual({ param: 'vendorId', reach: 'vendor' });
    }
  });

  it.each(partnerRoutes.map((r) => r.id))("refuses a vendor user another vendor's %s with 403", async (id) => {
    expect(await status(route(id), vendorAdmin, { vendorId: 'V2', userId: 'u2', leadId: 'L1' })).toBe(403);
  });

  it.each(partnerRoutes.map((r) => r.id))('refuses an agent %s with 403', async (id) => {
    expect(await status(route(id), agent, { vendorId: 'V1', userId: 'u2', leadId: 'L1' })).toBe(403);
  });

  it("lets a vendor's administrator read and change their own vendor", async () => {
    expect(await status(route('partner.users'), vendorAdmin, { vendorId: 'V1' })).toBe('allowed');
    expect(await status(route('partner.inviteUser'), vendorAdmin, { vendorId: 'V1' })).toBe('allowed');
    expect(await status(route('partner.rotateToken'), vendorAdmin, { vendorId: 'V1' })).toBe('allowed');
  });

  it('lets a read-only vendor user read but not invite, change roles, remove or rotate', async () => {
    expect(await status(route('partner.integration'), vendorReader, { vendorId: 'V1' })).toBe('allowed');
    for (const id of ['partner.inviteUser', 'partner.updateUser', 'partner.removeUser', 'partner.rotateToken']) {
      expect(await status(route(id), vendorReader, { vendorId: 'V1', userId: 'u2' }), id).toBe(403);
    }
  });

  it('lets staff who view vendors read any vendor, and only those who edit vendors change one', async () => {
    expect(await status(route('partner.users'), manager, { vendorId: 'V7' })).toBe('allowed');
    expect(await status(route('partner.rotateToken'), manager, { vendorId: 'V7' })).toBe(403);
    expect(await status(route('partner.rotateToken'), admin, { vendorId: 'V7' })).toBe('allowed');
  });

  it('refuses vendor users every route outside the partner portal but GET /me, configs and feature flags', async () => {
    const open = (ROUTES as readonly RouteDef[]).filter((r) => r.auth === 'session' && r.area !== 'partner');
    const allowed: string[] = [];
    for (const r of open) if ((await status(r, vendorAdmin, { agentId: 'A1', vendorId: 'V1' })) === 'allowed') allowed.push(r.id);
    expect(allowed.sort()).toEqual(['me.configs', 'me.featureFlags', 'me.get']);
  });
});

describe('own vendor on the raw path', () => {
  it("refuses a vendor user another vendor's path before anything is parsed, and lets their own through", () => {
    expect(() => authorizeVendorPath(route('partner.users'), vendorReader, { vendorId: 'V2' })).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => authorizeVendorPath(route('partner.users'), vendorReader, { vendorId: 'V1' })).not.toThrow();
  });

  it('leaves staff and routes without the rule to the other checks', () => {
    expect(() => authorizeVendorPath(route('partner.users'), manager, { vendorId: 'V2' })).not.toThrow();
    expect(() => authorizeVendorPath(route('vendors.get'), vendorReader, { vendorId: 'V2' })).not.toThrow();
  });
});
