import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { User } from '@/api/get-me.ts';
import { createTestQueryClient } from '@/testing/query-client.ts';
import { guardPage, PageRefused } from './guard-page.ts';

const APP_ROUTES = path.resolve(import.meta.dirname, '../routes/_app');

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? routeFiles(path.join(dir, entry.name)) : entry.name.endsWith('.tsx') ? [path.join(dir, entry.name)] : [],
  );
}

function userWith(permissions: string[]): User {
  return { Permissions: permissions, Roles: ['agent'] } as unknown as User;
}

async function check(pagePath: Parameters<typeof guardPage>[0], user: User) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(['me'], user);
  return guardPage(pagePath)({ context: { queryClient } });
}

describe('page permission checks', () => {
  it("every signed-in route checks its own page's permissions in beforeLoad", () => {
    const files = routeFiles(APP_ROUTES);
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const routeId = /createFileRoute\('\/_app([^']*)'\)/.exec(text)?.[1];
      const own = routeId === '/' || !routeId ? '/' : routeId.replace(/\/$/, '');
      expect(text, path.relative(APP_ROUTES, file)).toContain(`beforeLoad: guardPage('${own}')`);
    }
  });

  it('refuses an agent without CAN_VIEW_MY_TEAM before My Team loads, naming the missing permission', async () => {
    const refusal = await check('/myteam', userWith(['CAN_VIEW_MY_ACCOUNT'])).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PageRefused);
    expect((refusal as PageRefused).missing).toContain('CAN_VIEW_MY_TEAM');
  });

  it('lets an agent holding the permission through', async () => {
    await expect(check('/myteam', userWith(['CAN_VIEW_MY_TEAM']))).resolves.toBeUndefined();
  });
});
