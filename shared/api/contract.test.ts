import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROUTES, type RouteDef } from '../manifest.ts';
import { noBody } from './define.ts';
import { API } from './index.ts';

const routes = ROUTES as readonly RouteDef[];
const contractOf = (r: RouteDef) => API[r.id as keyof typeof API];

/** The keys an object schema (possibly refined) declares. */
function keysOf(schema: z.ZodType): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape).sort() : [];
}

describe('the API contract', () => {
  it('has exactly the manifest routes', () => {
    expect(Object.keys(API).sort()).toEqual(routes.map((r) => r.id).sort());
  });

  it("parses exactly each route's path parameters", () => {
    for (const r of routes) {
      const names = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();
      expect(keysOf(contractOf(r).params), r.id).toEqual(names);
    }
  });

  it('gives an ownership rule naming a body field a body schema with that field', () => {
    for (const r of routes) {
      const field = r.access?.owner?.body;
      if (!field) continue;
      const body = contractOf(r).body;
      expect(body, r.id).not.toBe(noBody);
      expect(keysOf(body), r.id).toContain(field);
    }
  });

  it('refuses a 3,000-character id and a date in the year 9999 on every route that takes them', () => {
    for (const r of routes) {
      const names = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const valid: Record<string, string> = {};
      for (const n of names) valid[n] = n === 'startDate' ? '2026-01-01' : n === 'endDate' ? '2026-01-31' : 'A000002';
      if (names.includes('agentId')) expect(contractOf(r).params.safeParse({ ...valid, agentId: 'A'.repeat(3_000) }).success, r.id).toBe(false);
      if (names.includes('endDate')) expect(contractOf(r).params.safeParse({ ...valid, endDate: '9999-12-31' }).success, r.id).toBe(false);
    }
  });

  it('declares a JSON answer for every export: a download link, never a binary body', () => {
    for (const r of routes.filter((r) => /export/i.test(r.id))) expect(r.binary, r.id).toBeUndefined();
  });
});
