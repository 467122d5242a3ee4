// Smoke test of the running stack in Chromium: the home page talks to the API through the Vite proxy,
// unbuilt screens say so, the public sales form loads no user, and an unknown path is not found.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { matchRoute } from '#shared/manifest.ts';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';

const ARTIFACTS = path.join(import.meta.dirname, 'artifacts');
const { url } = inject('localStack');

let browser: TestBrowser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(ARTIFACTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  await page?.close();
  page = await browser.context.newPage();
});

interface ApiCall {
  method: string;
  /** The path below /api, as the manifest writes it. */
  path: string;
}

/** The /api calls a page makes to the site's own origin (through the Vite proxy) while `act` runs. */
async function apiCallsDuring(act: () => Promise<unknown>): Promise<ApiCall[]> {
  const site = new URL(url).origin;
  const calls: ApiCall[] = [];
  const record = (request: { url(): string; method(): string }) => {
    const { origin, pathname } = new URL(request.url());
    if (origin === site && pathname.startsWith('/api/')) calls.push({ method: request.method(), path: pathname.slice('/api'.length) });
  };
  page.on('request', record);
  try {
    await act();
  } finally {
    page.off('request', record);
  }
  return calls;
}

describe('the frontend on the local stack', () => {
  it('shows the product name and the API health answer on the home page', async () => {
    const calls = await apiCallsDuring(async () => {
      await page.goto(`${url}/`);
      await page.getByRole('heading', { level: 1, name: 'Lead Portal' }).waitFor();
      await page.getByTestId('api-health').getByText('ok', { exact: true }).waitFor();
    });
    expect(calls).toContainEqual({ method: 'GET', path: '/health' });
    expect(await page.title()).toBe('Home · Lead Portal');
    await page.screenshot({ path: path.join(ARTIFACTS, 'home.png'), fullPage: true });
  });

  it('says a screen that is not built yet is not available, under its title', async () => {
    await page.goto(`${url}/reports/pingHistory`);
    await page.getByRole('heading', { name: 'Ping History' }).waitFor();
    await page.getByText('This page is not available yet.').waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'not-available.png'), fullPage: true });
  });

  it('opens the public sales lead form without loading a user or calling any signed-in route', async () => {
    const calls = await apiCallsDuring(async () => {
      await page.goto(`${url}/Sales/LeadsForm?ContractNumber=12345`);
      await page.getByRole('heading', { name: 'Sales Lead Form' }).waitFor();
      await page.waitForLoadState('networkidle');
    });
    expect(calls).not.toContainEqual({ method: 'GET', path: '/me' });
    for (const call of calls) expect(matchRoute(call.method, call.path)?.route.auth, `${call.method} ${call.path}`).toBe('public');
    expect(await page.locator('[data-page="salesLeadsForm"]').count()).toBe(1);
    await page.screenshot({ path: path.join(ARTIFACTS, 'sales-leads-form.png'), fullPage: true });
  });

  it('shows a not-found page for an unknown path', async () => {
    await page.goto(`${url}/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.title()).toBe('Page not found · Lead Portal');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Lead Portal' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });
});
