// Smoke test of the running stack in Chromium: a visitor without a session goes to the provider's
// sign-in page, the public sales form loads no user, and an unknown path is not found.
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { matchRoute } from '#shared/manifest.ts';
import { useBrowserSession } from './browser-session.ts';
import { localStack } from './stack.ts';

const { url, oidcUrl } = localStack();

const session = useBrowserSession({ fullPage: true });

/** A fresh page without a session for each test; the session closes it after the test. */
let page: Page;

beforeEach(async () => {
  page = await session.newPage();
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
  it('sends a visitor without a session to the sign-in page of the local provider', async () => {
    await session.context.clearCookies();
    const calls = await apiCallsDuring(async () => {
      await page.goto(`${url}/`);
      await page.getByLabel('Email').waitFor();
    });
    expect(calls).toContainEqual({ method: 'GET', path: '/me' });
    expect(calls).toContainEqual({ method: 'GET', path: '/auth/signin' });
    expect(new URL(page.url()).origin).toBe(new URL(oidcUrl).origin);
    await page.getByLabel('Password').waitFor();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
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
    await session.screenshot(page, 'sales-leads-form');
  });

  it("serves React's production build, as `npm run build` makes it (the development build checks and renders twice)", async () => {
    const html = await (await fetch(`${url}/`)).text();
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    const development = [];
    for (const script of scripts) if ((await (await fetch(`${url}${script}`)).text()).includes('jsxDEV')) development.push(script);
    expect(development).toEqual([]);
  });

  it('shows a not-found page for an unknown path', async () => {
    await page.goto(`${url}/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.title()).toBe('Page not found · Lead Portal');
    await page.getByRole('link', { name: 'Go to the home page' }).waitFor();
  });
});

describe('the accessibility audit', () => {
  it('reports text that stays below the contrast threshold, and not text that was only fading in', async () => {
    const { auditPage } = await import('../support/axe.ts');
    // A page of our own content, so the audit judges exactly these two texts.
    await page.setContent(`<!doctype html><html lang="en"><head><title>Audit</title>
      <style>
        @keyframes fade { from { opacity: 0.05 } to { opacity: 1 } }
        .faint { color: #f2f3f3; background: #ffffff }
        .fading { color: #1a1b1e; background: #ffffff; animation: fade 400ms linear 1 }
      </style></head>
      <body><main><h1>Audit</h1><p class="faint">Faint text</p><p class="fading">Fading text</p></main></body></html>`);
    const findings = await auditPage(page);
    const contrast = findings.filter((f) => f.rule === 'color-contrast').flatMap((f) => f.targets);
    expect(contrast).toEqual(['.faint']);
  });

  it('audits a page left open again when its shape or its style rules changed, not for other texts in the same shape', async () => {
    const { PageAuditor } = await import('../support/axe.ts');
    const auditor = new PageAuditor(url);
    // A page of our own at a portal address (this page only), so the auditor takes it for the portal's.
    let body = '';
    await page.route(`${url}/audit-shape`, (route) =>
      route.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="en"><head><title>Audit</title></head><body><main><h1>Audit</h1>${body}</main></body></html>` }),
    );
    const leftOpenWith = async (html: string) => {
      body = html;
      await page.goto(`${url}/audit-shape`);
      return (await auditor.drain(page)).map((f) => f.rule);
    };
    expect(await leftOpenWith('<p style="color: #f2f3f3">Balance $10.00</p>')).toEqual(['color-contrast']);
    expect(await leftOpenWith('<p style="color: #f2f3f3">Balance $20.00</p>')).toEqual([]);
    expect(await leftOpenWith('<p style="color: #f2f3f3">Balance $20.00</p><p style="color: #f2f3f3">Pending $5.00</p>')).toEqual(['color-contrast']);
    expect(await leftOpenWith('<p style="color: #f2f3f4">Balance $20.00</p>')).toEqual(['color-contrast']);
    // A style element's rules are part of the shape (the theme's colours differ by account type).
    expect(await leftOpenWith('<style>.faint { color: #f2f3f3 }</style><p class="faint">Balance $20.00</p>')).toEqual(['color-contrast']);
    expect(await leftOpenWith('<style>.faint { color: #f2f3f4 }</style><p class="faint">Balance $20.00</p>')).toEqual(['color-contrast']);
    // Not a portal page: the session's own audit after the test has nothing left open to judge.
    await page.goto('about:blank');
  });

  it('opens each other screen a test visited once, whatever its query, and not again for a later test', async () => {
    const { PageAuditor } = await import('../support/axe.ts');
    const auditor = new PageAuditor(url);
    auditor.watch(page);
    // Pages of our own at portal addresses, in the whole context: the auditor opens the others in a page of its own.
    const opened: string[] = [];
    await session.context.route(`${url}/audit-screen*`, (route) => {
      opened.push(new URL(route.request().url()).search);
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><head><title>Audit</title></head><body><main><h1>Audit</h1><p style="color: #f2f3f3">Faint</p></main></body></html>' });
    });
    try {
      const visitThenLeave = async (...queries: string[]) => {
        for (const query of queries) await page.goto(`${url}/audit-screen${query}`);
        await page.goto('about:blank');
        opened.length = 0;
        return (await auditor.drain(page)).map((f) => f.rule);
      };
      expect(await visitThenLeave('?filter=a', '?filter=b&page=2')).toEqual(['color-contrast']);
      expect(opened).toEqual(['?filter=a']);
      expect(await visitThenLeave('?filter=c')).toEqual([]);
      expect(opened).toEqual([]);
    } finally {
      await session.context.unroute(`${url}/audit-screen*`);
    }
  });

  it('goes on to the other screens in the portal page a test left, through the router; in a new tab when a dialog is open there', async () => {
    const { PageAuditor } = await import('../support/axe.ts');
    const { navigateInApp } = await import('../support/browser.ts');
    await page.close();
    const portal = await session.signInAs('captive');
    const tabs: string[] = [];
    const countTab = (p: Page) => tabs.push(p.url());
    session.context.on('page', countTab);
    try {
      const leaveOn = async (screens: string[], left: string, dialog = false) => {
        const auditor = new PageAuditor(url);
        auditor.watch(portal);
        for (const screen of [...screens, left]) await navigateInApp(portal, screen);
        if (dialog) await portal.evaluate(`(() => { const d = document.createElement('div'); d.setAttribute('role', 'dialog'); document.body.append(d); })()`);
        const seen: string[] = [];
        const onNavigated = (frame: { url(): string }) => frame === portal.mainFrame() && seen.push(new URL(frame.url()).pathname);
        portal.on('framenavigated', onNavigated);
        tabs.length = 0;
        await auditor.drain(portal);
        portal.off('framenavigated', onNavigated);
        await portal.evaluate(`document.querySelectorAll('body > [role=dialog]').forEach((d) => d.remove())`);
        return seen;
      };
      expect(await leaveOn(['/account'], '/leads')).toEqual(['/account']);
      expect(tabs).toEqual([]);
      expect(await leaveOn(['/fundorders'], '/leads', true)).toEqual([]);
      expect(tabs).toHaveLength(1);
    } finally {
      session.context.off('page', countTab);
    }
  });
});
