import { describe, expect, it } from 'vitest';
import { openApiDocument } from '#shared/api/openapi.ts';
import { curlExample, exampleBody, SANDBOX_TOKEN_PLACEHOLDER } from './curl-example.ts';
import { groupByTag, type OpenApiDocument } from './openapi-document.ts';

const doc = openApiDocument() as unknown as OpenApiDocument;
const find = (method: string, path: string) => groupByTag(doc).flatMap((g) => g.operations).find((o) => o.method === method && o.path === path)!;

describe('curl examples', () => {
  it('post the example lead with the vendor\u2019s campaign, a consent time of now and the sandbox token placeholder', () => {
    const now = new Date('2026-12-03T15:00:00.123Z');
    const line = curlExample(find('POST', '/intake/leads'), { baseUrl: 'http://localhost:5173/api', campaignCode: 'XYZ', now })!;
    expect(line.split(' \\\n')[0]).toBe('curl -s -X POST http://localhost:5173/api/intake/leads');
    expect(line).toContain(`Authorization: Bearer ${SANDBOX_TOKEN_PLACEHOLDER}`);
    const body = JSON.parse(/-d '(.*)'$/s.exec(line)![1]!);
    expect(body).toMatchObject({ CampaignCode: 'XYZ', Consent: { Timestamp: '2026-12-03T15:00:00Z' } });
  });

  it('are made only for vendor calls', () => {
    expect(curlExample(find('GET', '/me'), { baseUrl: '/api' })).toBeUndefined();
    expect(exampleBody(find('GET', '/me').operation)).toBeUndefined();
  });
});

describe('groupByTag', () => {
  it('keeps only the tags asked for and the operations matching every word searched', () => {
    const groups = groupByTag(doc, { tags: ['intake'], search: 'post leads' });
    expect(groups.map((g) => [g.tag, g.operations.map((o) => `${o.method} ${o.path}`)])).toEqual([['intake', ['POST /intake/leads']]]);
  });
});
