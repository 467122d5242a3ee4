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
      // The page's own path, then either nothing more or the page's further check.
      expect([`beforeLoad: guardPage('${own}')`, `beforeLoad: guardPage('${own}', `].some((call) => text.includes(call)), path.relative(APP_ROUTES, file)).toBe(true);
    }
  });

  it('refuses an agent without CAN_VIEW_MY_TEAM before My Team loads, naming the missing permission', async () => {
    const refusal = await check('/myteam', userWith(['CAN_VIEW_MY_ACCOUNT'])).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PageRefused);
    expect((refusal as PageRefused).refusal).toEqual({ allowed: false, of: 'permissions', missing: ['CAN_VIEW_MY_TEAM'] });
  });

  it('lets an agent holding the permission through', async () => {
    await expect(check('/myteam', userWith(['CAN_VIEW_MY_TEAM']))).resolves.toBeUndefined();
  });

  it('asks a page’s further check with the route parameters and the feature flags, and refuses with what it names', async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['me'], { Permissions: [], Roles: ['manager'] } as unknown as User);
    queryClient.setQueryData(['featureflags'], { newFundOrderForStaff: false });
    const seen: unknown[] = [];
    const guard = guardPage('/order/new/$agentID/$firstName/$lastName', ({ flags, params }) => {
      seen.push([flags.newFundOrderForStaff, params.agentID]);
      return { allowed: false, of: 'roles', missing: ['admin'] };
    });
    const refusal = await guard({ context: { queryClient }, params: { agentID: 'A000002' } }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PageRefused);
    expect((refusal as PageRefused).refusal).toEqual({ allowed: false, of: 'roles', missing: ['admin'] });
    expect(seen).toEqual([[false, 'A000002']]);
  });
});
