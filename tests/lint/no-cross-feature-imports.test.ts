// Proves the repository's own ESLint configuration refuses a feature importing another feature, in
// every form an import can take, and lets the allowed imports through.
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: repoRoot });

async function ruleMessages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'leadportal/no-cross-feature-imports').map((m) => m.message);
}

const HOME_FILE = 'frontend/src/features/home/lint-fixture.tsx';

describe('the no-cross-feature-imports lint rule', () => {
  // Loading the configuration (typescript-eslint, React hooks) takes seconds on a busy machine.
  beforeAll(() => eslint.calculateConfigForFile(path.join(repoRoot, HOME_FILE)), 60_000);

  it("refuses a feature importing another feature through the '@/' alias", async () => {
    const messages = await ruleMessages(`import { TransferDialog } from '@/features/account/transfer-dialog.tsx';\nexport const x = TransferDialog;\n`, HOME_FILE);
    expect(messages).toEqual([expect.stringContaining("Feature 'home' may not import from feature 'account'")]);
  });

  it('refuses a relative import, a re-export and a dynamic import of another feature', async () => {
    const code = [
      `import type { Recipient } from '../../account/api/search-accounts.ts';`,
      `export type { Recipient };`,
      `export { listAgentsOptions } from '../../team/api/list-agents.ts';`,
      `export const lazy = () => import('@/features/settings/settings-page.tsx');`,
    ].join('\n');
    expect(await ruleMessages(code, 'frontend/src/features/home/api/lint-fixture.ts')).toHaveLength(3);
  });

  it('lets a feature import its own modules, components, api and shared code', async () => {
    const code = [
      `import { a } from './figure-card.tsx';`,
      `import { b } from '@/features/home/toggle-states.ts';`,
      `import { c } from '@/components/money-input.tsx';`,
      `import { d } from '@/api/get-me.ts';`,
      `import { e } from '#shared/money.ts';`,
      `export const all = [a, b, c, d, e];`,
    ].join('\n');
    expect(await ruleMessages(code, HOME_FILE)).toEqual([]);
  });

  it('lets a route compose several features', async () => {
    const code = `import { HomePage } from '@/features/home/home-page.tsx';\nimport { AccountPage } from '@/features/account/account-page.tsx';\nexport const pages = [HomePage, AccountPage];\n`;
    expect(await ruleMessages(code, 'frontend/src/routes/_app/lint-fixture.tsx')).toEqual([]);
  });
});
