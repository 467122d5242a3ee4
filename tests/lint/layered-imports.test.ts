// Proves the repository's own ESLint configuration holds the server's import direction (areas call
// core, core calls entities, entities call platform; shared/ and events/ import nothing of
// functions/) for alias and relative imports, and lets the allowed imports through.
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: repoRoot });

async function ruleMessages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'server/layered-imports').map((m) => m.message);
}

describe('the layered-imports lint rule', () => {
  // Loading the configuration (typescript-eslint) takes seconds on a busy machine.
  beforeAll(() => eslint.calculateConfigForFile(path.join(repoRoot, 'functions/platform/lint-fixture.ts')), 60_000);

  it('refuses platform importing an entity or core, through an alias or a relative path', async () => {
    const code = [`import { Lookup } from '#entities/lookup.ts';`, `import { storedLookups } from '../core/catalogue/lookups.ts';`, `export const x = [Lookup, storedLookups];`].join('\n');
    expect(await ruleMessages(code, 'functions/platform/lint-fixture.ts')).toEqual([
      expect.stringContaining('functions/platform may not import functions/entities'),
      expect.stringContaining('functions/platform may not import functions/core'),
    ]);
  });

  it('refuses an entity importing core, and core importing an area (a dynamic import too)', async () => {
    expect(await ruleMessages(`export const load = () => import('#core/catalogue/lookups.ts');\n`, 'functions/entities/lint-fixture.ts')).toHaveLength(1);
    expect(await ruleMessages(`import { getMe } from '../../me/get-me.ts';\nexport const x = getMe;\n`, 'functions/core/money/lint-fixture.ts')).toEqual([
      expect.stringContaining("functions/core may not import area 'me'"),
    ]);
  });

  it("refuses an area importing another area's file or an entity's value, but takes an entity's type", async () => {
    const code = [
      `import { toFundRow } from '../campaigns/campaign-shapes.ts';`,
      `import { Lookup } from '#entities/lookup.ts';`,
      `import type { Vendor } from '#entities/vendor.ts';`,
      `export const x = [toFundRow, Lookup] as unknown as Vendor;`,
    ].join('\n');
    expect(await ruleMessages(code, 'functions/funds/lint-fixture.ts')).toEqual([
      expect.stringContaining("Area 'funds' may not import area 'campaigns'"),
      expect.stringContaining("Area 'funds' may not read entities directly"),
    ]);
  });

  it('refuses shared code importing the server', async () => {
    expect(await ruleMessages(`import { config } from '../functions/platform/config.ts';\nexport const c = config;\n`, 'shared/lint-fixture.ts')).toEqual([
      expect.stringContaining('shared/ may not import functions/platform'),
    ]);
  });

  it('lets each layer import its own and lower layers, shared and events', async () => {
    const area = [
      `import { a } from './get-lookup.ts';`,
      `import { b } from '#core/catalogue/lookups.ts';`,
      `import { c } from '#platform/http.ts';`,
      `import { d } from '#shared/money.ts';`,
      `import { e } from '#events/lead-events.ts';`,
      `export const x = [a, b, c, d, e];`,
    ].join('\n');
    expect(await ruleMessages(area, 'functions/me/lint-fixture.ts')).toEqual([]);
    const core = [`import { a } from '../money/ledger.ts';`, `import { b } from '#entities/lookup.ts';`, `import { c } from '#platform/db.ts';`, `export const x = [a, b, c];`].join('\n');
    expect(await ruleMessages(core, 'functions/core/catalogue/lint-fixture.ts')).toEqual([]);
    expect(await ruleMessages(`import { a } from './lookup.ts';\nimport { b } from '#platform/entity.ts';\nexport const x = [a, b];\n`, 'functions/entities/lint-fixture.ts')).toEqual([]);
  });
});
