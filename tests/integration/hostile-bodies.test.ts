// Every manifest route that takes a body, called by the admin (who passes every permission check) or,
// on the vendor routes, with a vendor's token, with bodies no form sends: JSON null, a list, a string, a
// number, `{}`, and an object whose every member is null. Each must be refused or handled with a 4xx (or
// succeed), never a 500: a null or missing nested object never reaches a refinement or a handler (issue
// 22, "what an attack run found"). The sign-in routes and the payment provider's callback are left out:
// this harness configures no OIDC issuer or card provider (the e2e and card-payment tests cover them).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { noBody } from '#shared/api/define.ts';
import { API } from '#shared/api/index.ts';
import { ROUTES, type RouteDef } from '#shared/manifest.ts';
import { useApiHarness } from '../support/api-harness.ts';
import { useLeadFixture } from '../support/lead-fixture.ts';

const api = useApiHarness();
const fx = useLeadFixture(api, { codeLetter: 'H', idPrefix: 'H' });

const SAMPLE: Record<string, string> = { startDate: '2026-11-01', endDate: '2026-11-20', zip: '78701', miles: '10', state: 'TX', status: '1' };
const pathOf = (route: RouteDef) => route.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(SAMPLE[name] ?? 'X1'));

/** An object with the body schema's members all null (the schema's own object, when it is one). */
function nullMembers(schema: unknown): Record<string, null> {
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, unknown>) : {};
  return Object.fromEntries(Object.keys(shape).map((k) => [k, null]));
}

// Routes that take no body never read one (an export's POST starts its job whatever is sent).
const withBody = (ROUTES as readonly RouteDef[]).filter(
  (r) => r.method !== 'GET' && r.area !== 'auth' && r.auth !== 'providerCallback' && (API as Record<string, { body?: unknown }>)[r.id]?.body !== noBody,
);

describe('hostile bodies', () => {
  it('answers every route with a body with no 500, whatever JSON it is sent', async () => {
    const admin = await api.sessionFor('admin');
    const failures: string[] = [];
    for (const route of withBody) {
      const schema = (API as Record<string, { body?: unknown }>)[route.id]?.body;
      const who = route.auth === 'vendorToken' ? { origin: false as const, headers: { authorization: `Bearer ${fx.token}` } } : { session: admin };
      for (const body of ['null', '[]', '"text"', '42', {}, nullMembers(schema)]) {
        const answer = await api.fetch(route.method, pathOf(route), { ...who, body });
        if (answer.status >= 500) failures.push(`${route.method} ${route.path} ${JSON.stringify(body)}: ${answer.status} ${answer.errors.join(' ')}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('starts no export from a GET or from another site: every export is a POST refused without the site\'s Origin', async () => {
    const admin = await api.sessionFor('admin');
    const exports = (ROUTES as readonly RouteDef[]).filter((r) => /export/i.test(r.id) && r.id !== 'agents.exportStatus');
    expect(exports.length).toBeGreaterThanOrEqual(12);
    const wrong: string[] = [];
    for (const route of exports) {
      if (route.method !== 'POST') wrong.push(`${route.id} is ${route.method}`);
      const get = await api.fetch('GET', pathOf(route), { session: admin });
      if (get.status < 400) wrong.push(`GET ${route.path}: ${get.status}`);
      const crossSite = await api.fetch('POST', pathOf(route), { session: admin, origin: 'https://evil.example.com' });
      if (crossSite.status !== 403) wrong.push(`cross-site POST ${route.path}: ${crossSite.status}`);
    }
    expect(wrong).toEqual([]);
  });
});
