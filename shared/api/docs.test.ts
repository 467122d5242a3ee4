import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeSchema, withContractDocs } from './docs.ts';

describe('docs/api.md', () => {
  it('carries the shapes of the contract as generated (run `npm run docs:api` after changing shared/api)', () => {
    const markdown = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
    expect(withContractDocs(markdown) === markdown, 'docs/api.md is out of date: run npm run docs:api').toBe(true);
  });

  it('writes a schema as a compact type', () => {
    expect(describeSchema(z.object({ A: z.string(), B: z.number().optional(), C: z.array(z.literal(1)).nullable() }), 'output')).toBe(
      '{ A: string; B?: number; C: 1[] | null }',
    );
  });
});
