// The OpenAPI documents as the local stack serves them (issue 24): GET /api/openapi.json describes
// every manifest route and passes Redocly's recommended rules without an error; GET
// /api/intake/openapi.json is its vendor subset. No sign-in: an API description is public.
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { ROUTES, type RouteDef } from '#shared/manifest.ts';
import { useApiHarness } from '../support/api-harness.ts';

const api = useApiHarness({ seed: false });

type Document = { openapi: string; paths: Record<string, Record<string, { tags: string[]; security: unknown[] }>> };
const operationKeys = (doc: Document) => Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));

describe('GET /api/openapi.json', () => {
  it('serves an OpenAPI 3.1 document with every route of the manifest that the linter finds no error in', async () => {
    const doc = await api.fetch<Document>('GET', '/openapi.json', { origin: false });
    expect(doc.status).toBe(200);
    expect(doc.headers.get('content-type')).toMatch(/application\/json/);
    expect(doc.body.openapi).toBe('3.1.0');
    const served = new Set(operationKeys(doc.body));
    expect((ROUTES as readonly RouteDef[]).filter((r) => !served.has(`${r.method} ${r.path}`)).map((r) => r.id)).toEqual([]);
    const problems = await lintFromString({ source: JSON.stringify(doc.body), absoluteRef: 'openapi.json', config: await createConfig({ extends: ['recommended'] }) });
    expect(problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
  });
});

describe('GET /api/intake/openapi.json', () => {
  it('serves the vendor subset: the intake calls with the vendor and sandbox tokens, and no staff route', async () => {
    const doc = await api.fetch<Document>('GET', '/intake/openapi.json', { origin: false });
    expect(doc.status).toBe(200);
    const keys = operationKeys(doc.body);
    expect(keys).toEqual(expect.arrayContaining(['POST /intake/leads', 'POST /intake/ping']));
    expect(Object.values(doc.body.paths).flatMap((ops) => Object.values(ops)).every((op) => ['intake', 'partner'].includes(op.tags[0]!))).toBe(true);
    expect(doc.body.paths['/intake/leads']!.post!.security).toEqual([{ vendorToken: [] }, { vendorSandboxToken: [] }]);
  });
});
