import { describe, expect, it } from 'vitest';
import { AREAS, ROUTES, matchRoute, routeKey, type RouteDef } from './manifest.ts';
import { PERMISSIONS } from './permissions.ts';

const routes = ROUTES as readonly RouteDef[];

describe('route manifest', () => {
  it('gives every route a unique id and a unique method and path', () => {
    expect(new Set(routes.map((r) => r.id)).size).toBe(routes.length);
    expect(new Set(routes.map(routeKey)).size).toBe(routes.length);
  });

  it('names each route id after its area', () => {
    for (const r of routes) expect(r.id.split('.')[0]).toBe(r.area);
  });

  it('gives every area at least one route', () => {
    for (const area of AREAS) expect(routes.some((r) => r.area === area)).toBe(true);
  });

  it('uses one parameter name at each position below the same literal prefix, as API Gateway requires', () => {
    const seen = new Map<string, string>();
    for (const r of routes) {
      const segs = r.path.split('/').filter(Boolean);
      segs.forEach((s, i) => {
        if (!s.startsWith('{')) return;
        const prefix = segs.slice(0, i).join('/');
        const existing = seen.get(prefix);
        if (existing) expect(`${prefix}/${s}`).toBe(`${prefix}/${existing}`);
        else seen.set(prefix, s);
      });
    }
  });

  it('names only permissions of the spec and owner parameters that exist in the path', () => {
    for (const r of routes) {
      for (const p of r.access?.anyPermission ?? []) expect(PERMISSIONS).toContain(p);
      if (r.access?.owner?.param) expect(r.path).toContain(`{${r.access.owner.param}}`);
      if (r.auth !== 'session') expect(r.access).toBeUndefined();
    }
  });

  it('prefers a literal segment over a parameter when matching a request path', () => {
    expect(matchRoute('GET', '/campaign/leadtypes')?.route.id).toBe('me.leadTypes');
    expect(matchRoute('GET', '/campaign/42')).toMatchObject({ route: { id: 'campaigns.get' }, params: { campaignId: '42' } });
    expect(matchRoute('GET', '/fund/campaignvendorfunds')?.route.id).toBe('funds.campaignVendorFunds');
  });

  it('decodes path parameters and rejects unknown paths', () => {
    expect(matchRoute('GET', '/address/state/TX/city/San%20Antonio')?.params).toEqual({ state: 'TX', name: 'San Antonio' });
    expect(matchRoute('GET', '/nothing/here')).toBeUndefined();
    expect(matchRoute('DELETE', '/me')).toBeUndefined();
  });
});
