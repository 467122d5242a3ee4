import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { ROUTES, type RouteDef } from '../manifest.ts';
import { accessText, documentedRoutes, openApiDocument, summaryOf, vendorOpenApiDocument, type JsonObject } from './openapi.ts';

type Operation = { tags: string[]; security: JsonObject[]; responses: Record<string, JsonObject>; parameters?: JsonObject[]; requestBody?: JsonObject };
const operations = (doc: JsonObject) =>
  Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })));

/** Problems Redocly's recommended ruleset finds. */
async function lint(doc: JsonObject): Promise<NormalizedProblem[]> {
  const config = await createConfig({ extends: ['recommended'] });
  return lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
}
const describeProblems = (problems: NormalizedProblem[]) => problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);

describe('the OpenAPI document', () => {
  const doc = openApiDocument();

  it('passes the recommended ruleset of the Redocly linter without an error', async () => {
    const problems = await lint(doc);
    expect(describeProblems(problems.filter((p) => p.severity === 'error'))).toEqual([]);
    // The warnings left are facts of the spec's calls: paths that differ only by a parameter's place
    // (account/agenttrainingdata/{agentId} and account/{agentId}/alertSettings), and the sign-in
    // redirects, which answer 302 and never a 2xx.
    const warned = new Set(problems.map((p) => p.ruleId));
    expect([...warned].filter((rule) => rule !== 'no-ambiguous-paths' && rule !== 'operation-2xx-response')).toEqual([]);
    const without2xx = problems.filter((p) => p.ruleId === 'operation-2xx-response').map((p) => p.location[0]?.pointer);
    expect(without2xx.every((pointer) => /^#\/paths\/~1auth~1/.test(pointer ?? ''))).toBe(true);
  });

  it('describes every route of the manifest by its method and path', () => {
    const described = new Set(operations(doc).map((o) => o.key));
    const missing = (ROUTES as readonly RouteDef[]).filter((r) => !described.has(`${r.method} ${r.path}`)).map((r) => r.id);
    expect(missing).toEqual([]);
    expect(described.size).toBe(ROUTES.length);
  });

  it('gives every operation an ErrorMessages 400 when it takes input, and the auth kind as its security', () => {
    const postLead = (doc.paths as Record<string, Record<string, Operation>>)['/intake/leads']!.post!;
    expect(postLead.security).toEqual([{ vendorToken: [] }, { vendorSandboxToken: [] }]);
    expect(Object.keys(postLead.responses)).toEqual(['201', '400', '401', '403', '409', '413', '429', '503']);
    expect(postLead.responses['400']).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorMessages' } } } });
    const transfer = (doc.paths as Record<string, Record<string, Operation>>)['/agent/{agentId}/agentTransfer/{receiverId}']!.post!;
    expect(transfer.security).toEqual([{ sessionCookie: [] }]);
    expect(Object.keys(transfer.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '404', '409']));
    expect(transfer.parameters?.map((p) => [p.name, p.in, p.required])).toEqual(expect.arrayContaining([['agentId', 'path', true], ['receiverId', 'path', true]]));
    const health = (doc.paths as Record<string, Record<string, Operation>>)['/health']!.get!;
    expect(health.security).toEqual([]);
    expect(Object.keys(health.responses)).not.toContain('401');
    expect((doc.components as { schemas: Record<string, JsonObject> }).schemas.ErrorMessages).toEqual({
      type: 'object',
      properties: { ErrorMessages: { type: 'array', items: { type: 'string' } } },
      required: ['ErrorMessages'],
      additionalProperties: false,
    });
  });

  it('tags each operation with its area', () => {
    for (const { key, op } of operations(doc)) {
      const route = (ROUTES as readonly RouteDef[]).find((r) => `${r.method} ${r.path}` === key)!;
      expect(op.tags, key).toEqual([route.area]);
    }
  });
});

describe('the vendor document', () => {
  const vendor = vendorOpenApiDocument();

  it('is the subset tagged for vendors, and lints clean', async () => {
    const keys = operations(vendor).map((o) => o.key);
    expect(keys).toEqual(expect.arrayContaining(['POST /intake/leads', 'POST /intake/ping']));
    expect(keys).not.toContain('GET /openapi.json');
    expect(keys.every((k) => documentedRoutes({ tags: ['intake', 'partner'] }).some((r) => `${r.method} ${r.path}` === k))).toBe(true);
    expect(operations(vendor).every((o) => ['intake', 'partner'].includes(o.op.tags[0]!))).toBe(true);
    expect(describeProblems(await lint(vendor))).toEqual([]);
  });
});

describe('operation texts', () => {
  it('writes the route id as a summary', () => {
    expect(summaryOf({ id: 'leads.listForAgent' })).toBe('List for agent');
    expect(summaryOf({ id: 'account.updateProStore' })).toBe('Update pro store');
  });

  it('says who may call a session route', () => {
    expect(accessText(undefined)).toBe('Any signed-in user.');
    expect(accessText({ anyPermission: ['CAN_VIEW_AGENTS'], owner: { param: 'agentId', reach: 'downline' } })).toBe(
      'a user with CAN_VIEW_AGENTS. The agent is the path parameter agentId: agents may name themselves or their downline.',
    );
  });
});
