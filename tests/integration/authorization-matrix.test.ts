// Every demo role against every manifest route, through the real gateway and handlers: 401 without a
// session, 403 exactly where the manifest's permissions, roles and ownership rules refuse, and never
// 401/403 where they allow.
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type RouteDef } from '#shared/manifest.ts';
import { useApiHarness, type DemoRole, type Session } from '../support/api-harness.ts';

// GET agent lists the directory view, which the projector keeps.
const api = useApiHarness({ projector: true });

const { DEMO_USERS, DEMO_VENDOR_USERS } = await import('../../functions/core/seed/index.ts');
const { stableId } = await import('../../functions/core/seed/ids.ts');
const { isInDownline } = await import('../../functions/core/identity/gatekeeper.ts');
const { Downline } = await import('#entities/downline.ts');
const { AgentProfile } = await import('#entities/agent-profile.ts');

const routes = ROUTES as readonly RouteDef[];
const sessionRoutes = routes.filter((r) => r.auth === 'session');
const AGENT_IDS = ['A000001', 'A000002', 'A000003', 'A000004', 'A000005'];

/** Plausible values for path parameters, so handlers that are built get past validation. */
const SAMPLE: Record<string, string> = {
  startDate: '2026-11-01',
  endDate: '2026-11-20',
  zip: '78701',
  miles: '10',
  state: 'TX',
  name: 'Austin',
  status: '1',
  statusCode: '1',
  zone: 'Central',
  activeOnly: 'true',
  distribution: 'all',
  role: '3',
  email: 'vendor-admin@example.com',
};

function pathFor(route: RouteDef, agentId: string): string {
  return route.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    encodeURIComponent(name === route.access?.owner?.param ? agentId : (SAMPLE[name] ?? 'X1')),
  );
}

/** A path naming `vendorId` for an own-vendor rule, and plausible values elsewhere. */
function pathForVendor(route: RouteDef, vendorId: string): string {
  return route.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    encodeURIComponent(route.access?.owner?.reach === 'vendor' && name === route.access.owner.param ? vendorId : (SAMPLE[name] ?? 'X1')),
  );
}

async function call(route: RouteDef, path: string, session?: Session): Promise<number> {
  const res = await api.fetch(route.method, path, { ...(session ? { session } : {}), ...(route.method === 'GET' ? {} : { body: {} }) });
  return res.status;
}

describe('authorization matrix', () => {
  it('refuses every session route without a session with 401', async () => {
    const wrong: string[] = [];
    for (const route of sessionRoutes) {
      const status = await call(route, pathFor(route, 'A000002'));
      if (status !== 401) wrong.push(`${route.method} ${route.path}: ${status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('never answers 401 or 403 on public routes', async () => {
    for (const route of routes.filter((r) => r.auth === 'public' && r.area !== 'auth')) {
      expect([401, 403]).not.toContain(await call(route, pathFor(route, 'A000002')));
    }
  });

  // One test per role and API area, so no single test walks every route (under a loaded CI
  // machine the whole manifest for one role took longer than a test's timeout).
  const areas = [...new Set(sessionRoutes.map((r) => r.area))];
  for (const user of DEMO_USERS) for (const area of areas) {
    it(`lets the ${user.role} call exactly the ${area} routes the manifest allows`, async () => {
      const cookie = await api.sessionFor(user.role as DemoRole);
      const me = (await api.call('me.get', { session: cookie })).body;
      const roles = [user.isAdmin && 'admin', user.isManager && 'manager', user.isLeadConnectHome && 'support'].filter(Boolean);
      const isStaff = user.kind === 'staff';
      const own = user.agentId ?? 'A000002';
      const mismatches: string[] = [];
      for (const route of sessionRoutes.filter((r) => r.area === area)) {
        const perms = route.access?.anyPermission ?? [];
        const needed = route.access?.anyRole ?? [];
        const listed = perms.length + needed.length > 0;
        const allowed =
          (!listed || perms.some((p) => me.Permissions.includes(p)) || needed.some((r) => roles.includes(r))) &&
          !(user.isSalesAssistant && route.method !== 'GET' && !route.startsExport) &&
          // Only the account's own agent may move its money, staff included (where the rule lets
          // staff stop a movement, they pass the check and the body decides).
          !(route.access?.owner?.reach === 'holder' && user.agentId !== own && !(route.access.owner.staffMayStop && isStaff));
        const status = await call(route, pathFor(route, own), cookie);
        const refused = status === 401 || status === 403;
        if (refused === allowed) mismatches.push(`${route.method} ${route.path}: ${status}, expected ${allowed ? 'allowed' : 403}`);

        // An agent naming an agent outside their reach is refused even where the permission allows.
        // (Owners named in a body are checked by their own tests, with bodies that parse: card-payments, account-settings.)
        if (allowed && route.access?.owner?.param && !isStaff) {
          const other = [];
          for (const id of AGENT_IDS) if (id !== own && !(await isInDownline(own, id))) other.push(id);
          const otherStatus = await call(route, pathFor(route, other[0]!), cookie);
          if (otherStatus !== 403) mismatches.push(`${route.method} ${route.path} for ${other[0]}: ${otherStatus}, expected 403`);
        }
      }
      expect(mismatches).toEqual([]);
    });
  }

  // The partner portal's vendor users (issue 24): only "own vendor" routes (for their own vendor) and the
  // few marked for every signed-in user; every other route, and every route of another vendor, is a 403.
  for (const vendorUser of DEMO_VENDOR_USERS) for (const area of areas) {
    it(`lets the ${vendorUser.role} call exactly the ${area} routes the manifest allows, for their own vendor only`, async () => {
      const cookie = await api.sessionOf(vendorUser.userId);
      const me = (await api.call('me.get', { session: cookie })).body;
      const other = stableId('vendor', 'BLUE');
      const mismatches: string[] = [];
      for (const route of sessionRoutes.filter((r) => r.area === area)) {
        const ownVendorRoute = route.access?.owner?.reach === 'vendor';
        const needed = route.access?.anyRole ?? [];
        const listed = (route.access?.anyPermission ?? []).length + needed.length > 0;
        const allowed = (ownVendorRoute || route.access?.vendorUsers === true) && (!listed || needed.some((r) => me.Roles.includes(r)));
        const status = await call(route, pathForVendor(route, vendorUser.vendorId), cookie);
        const refused = status === 401 || status === 403;
        if (refused === allowed) mismatches.push(`${route.method} ${route.path}: ${status}, expected ${allowed ? 'allowed' : 403}`);
        if (ownVendorRoute) {
          const otherStatus = await call(route, pathForVendor(route, other), cookie);
          if (otherStatus !== 403) mismatches.push(`${route.method} ${route.path} for another vendor: ${otherStatus}, expected 403`);
        }
      }
      expect(mismatches).toEqual([]);
    });
  }

  it("lets a sponsor agent read a downline agent's transactions but not move their money", async () => {
    const sponsor = DEMO_USERS.find((u) => u.isSponsorAgent)!;
    const cookie = await api.sessionFor(sponsor.role as DemoRole);
    const downline = [];
    for (const id of AGENT_IDS) if (id !== sponsor.agentId && (await isInDownline(sponsor.agentId!, id))) downline.push(id);
    expect(downline.length).toBeGreaterThan(0);
    const list = routes.find((r) => r.id === 'account.listTransactions')!;
    const transfer = routes.find((r) => r.id === 'account.pointAndClickTransfer')!;
    expect([401, 403]).not.toContain(await call(list, pathFor(list, downline[0]!), cookie));
    expect(await call(transfer, pathFor(transfer, downline[0]!), cookie)).toBe(403);
  });

  it('refuses a state-changing call from another origin with 403', async () => {
    const admin = DEMO_USERS.find((u) => u.isAdmin)!;
    const res = await api.fetch('POST', '/rules', { origin: 'https://evil.example', session: await api.sessionFor(admin.role as DemoRole), body: {} });
    expect(res.status).toBe(403);
  });
});

describe('reach', () => {
  const get = async (userId: string, path: string, method = 'GET') => {
    const role = DEMO_USERS.find((u) => u.userId === userId)!.role as DemoRole;
    const res = await api.fetch(method, path, { session: await api.sessionFor(role) });
    return { status: res.status, json: res.body };
  };
  // The captive agent (whom the demo sales assistant views) gets a downline of one: the broker, placed
  // below it as a move places an agent (the closure item and the profile's parent).
  const captive = 'A000002';
  const below = 'A000003';
  beforeAll(async () => {
    await Downline.put({ ancestorId: captive, descendantId: below, depth: 1, firstName: 'Bianca', lastName: 'Broker', status: 1, type: 1 });
    await AgentProfile.patch({ agentId: below }, { set: { parentAgentId: captive } });
  });

  it('gives an agent without My Team only the distribution row of their downline from GET agent (ids, names, parent, status)', async () => {
    await api.settled();
    const answer = await get('U-captive', '/agent?PageNumber=1&PageSize=25');
    expect(answer.status).toBe(200);
    const rows = (answer.json as { Results: Record<string, unknown>[] }).Results;
    expect(rows).toEqual([expect.objectContaining({ AgentId: below, FirstName: 'Bianca', LastName: 'Broker', Status: expect.any(Number) })]);
    expect(Object.keys(rows[0]!).sort()).toEqual(['AgentId', 'FirstName', 'LastName', 'ParentAgentId', 'Status']);
  });

  it("refuses an agent without My Team the details (balance, e-mail) of a downline agent, leaving basic info", async () => {
    expect((await get('U-captive', `/agent/${below}`)).status).toBe(403);
    expect((await get('U-captive', `/agent/${below}/basicinfo`)).status).toBe(200);
    expect((await get('U-captive', `/agent/${captive}`)).status).toBe(200);
  });

  it('still gives a sponsor agent (My Team) the full rows', async () => {
    const answer = await get('U-sponsor', '/agent?PageNumber=1&PageSize=25');
    const rows = (answer.json as { Results: Record<string, unknown>[] }).Results;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toHaveProperty('CurrentBalance');
  });

  it('lets the sales assistant read only the one account it views, not that agent\'s downline', async () => {
    const path = (id: string) => `/transactions/agent/${id}/startDate/2026-11-01/endDate/2026-11-20`;
    expect((await get('U-captive', path(below))).status).toBe(200);
    expect((await get('U-assistant', path(captive))).status).toBe(200);
    expect((await get('U-assistant', path(below))).status).toBe(403);
    expect((await get('U-assistant', `${path(below)}/export`, 'POST')).status).toBe(403);
    // Its CSV Export is a POST that only reads (spec part 1 §2.5: the button is on the screen it reads).
    expect((await get('U-assistant', `${path(captive)}/export`, 'POST')).status).toBe(200);
  });
});
