import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../manifest.ts';
import { renderContractDocs, withContractDocs } from './docs.ts';
import { fieldRows, typeText } from './openapi-text.ts';

describe('docs/api.md', () => {
  it('carries the route index as generated (run `npm run docs:api` after changing the manifest or shared/api)', () => {
    const markdown = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
    expect(withContractDocs(markdown) === markdown, 'docs/api.md is out of date: run npm run docs:api').toBe(true);
  });

  it('lists every route of the manifest once', () => {
    const block = renderContractDocs();
    for (const route of ROUTES) expect(block.split(`\`${route.id}\``).length - 1, route.id).toBe(1);
  });
});

describe('schema text', () => {
  it('writes a schema as a compact type', () => {
    const schema = {
      type: 'object',
      properties: { A: { type: 'string' }, B: { type: 'number' }, C: { anyOf: [{ type: 'array', items: { const: 1 } }, { type: 'null' }] } },
      required: ['A', 'C'],
    };
    expect(typeText(schema)).toBe('{ A: string; B?: number; C: 1[] | null }');
  });

  it('lists an object schema\u2019s fields with their limits', () => {
    expect(fieldRows({ type: 'object', properties: { Zip: { type: 'string', pattern: '^\\d{5}$', description: 'The zip' } }, required: ['Zip'] })).toEqual([
      { name: 'Zip', type: 'string', required: true, description: 'The zip. pattern ^\\d{5}$' },
    ]);
  });
});
