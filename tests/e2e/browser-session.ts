// The browser scaffolding every e2e file shares: one Chromium per file, the page a test opened
// (closed after each test), signing a demo user in, screenshots into tests/e2e/artifacts, and axe on
// the portal pages a test visits (the page it leaves and the others once per session and run, unless
// a page of the same shape was audited before): a serious or critical violation fails the test.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { describeFindings, PageAuditor } from '../support/axe.ts';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { demoEmail, signIn, signInReusing } from './sign-in.ts';
import { localStack } from './stack.ts';

/**
 * A serious or critical axe violation fails the test. `AXE=report` only prints it instead: an opt-out
 * for looking at a screen while its accessibility fix is under way, never for a landed run.
 */
const AXE_MODE = process.env.AXE === 'report' ? 'report' : 'fail';

/**
 * Screenshots only when asked for (E2E_SCREENSHOTS=1): encoding a page's image is a large part of the
 * browser's work, and `npm test` only needs the assertions.
 */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/** Where screenshots and downloads of the browser tests go. */
export const ARTIFACTS = path.join(import.meta.dirname, 'artifacts');

export interface BrowserSession {
  /** The browser's one context; only valid once beforeAll has run. */
  readonly context: BrowserContext;
  /** The test's current page: closed and cleared after each test. Set it to undefined to keep a page open. */
  page: Page | undefined;
  /**
   * A fresh page signed in as the demo user `localPart`, made the current page. The user signs in
   * through the provider's form once per run; later calls reuse that session (sign-in.ts).
   */
  signInAs(localPart: string): Promise<Page>;
  /** Like signInAs, but always through the provider's form, on a session of its own (for tests that end it). */
  signInWithForm(localPart: string): Promise<Page>;
  /** A fresh blank page, made the current page. */
  newPage(): Promise<Page>;
  /** Audits a page the test has just let settle (a walk over screens), instead of reopening it after the test. */
  auditHere(p: Page): Promise<void>;
  /** With E2E_SCREENSHOTS=1, saves a screenshot of `p` as artifacts/`name`.png (for a person to look at; nothing reads it). */
  screenshot(p: Page, name: string): Promise<void>;
}

/**
 * Registers the file's hooks (launch Chromium before all, close it after all, close the current
 * page after each test) and returns the session. Call once, at the top level of a test file.
 * `fullPage` chooses whole-page screenshots rather than the viewport.
 */
export function useBrowserSession({ fullPage = false }: { fullPage?: boolean } = {}): BrowserSession {
  let browser: TestBrowser | undefined;
  const { url, sessionStore } = localStack();
  const auditor = new PageAuditor(url, path.join(sessionStore, 'audited-pages.txt'));

  const session: BrowserSession = {
    get context() {
      if (!browser) throw new Error('The browser is not launched yet: use the session inside tests and hooks.');
      return browser.context;
    },
    page: undefined,
    signInAs: async (localPart) => (session.page = await signInReusing(session.context, demoEmail(localPart))),
    signInWithForm: async (localPart) => (session.page = await signIn(session.context, demoEmail(localPart))),
    newPage: async () => (session.page = await session.context.newPage()),
    auditHere: (p) => auditor.auditHere(p),
    screenshot: async (p, name) => {
      if (SCREENSHOTS) await p.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage });
    },
  };

  // What the test's pages reported (uncaught errors, console errors): printed with the page's state
  // when the test fails, so a failure seen once in CI can be read from its log.
  // Likewise the test's last API calls, each with its answer (or that none came), so a step that did
  // nothing can be told from a call that failed or never went.
  let pageErrors: string[] = [];
  const apiCalls = new ApiCallLog();
  beforeAll(async () => {
    browser = await launchBrowser();
    browser.context.on('page', (p) => {
      auditor.watch(p);
      apiCalls.watch(p);
      p.on('pageerror', (err) => pageErrors.push(`uncaught: ${err.message}`));
      p.on('console', (message) => {
        if (message.type() === 'error') pageErrors.push(`console: ${message.text()}`);
      });
    });
    await mkdir(ARTIFACTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') console.error(`${await failureContext(session.page, pageErrors)}\n${apiCalls.describe()}`);
    pageErrors = [];
    const findings = await auditor.drain(session.page).finally(async () => {
      await session.page?.close();
      session.page = undefined;
      apiCalls.clear();
    });
    if (findings.length === 0) return;
    const report = `Accessibility (axe, serious or critical):\n${describeFindings(findings)}`;
    if (AXE_MODE === 'report') console.warn(report);
    else throw new Error(report);
  });

  return session;
}

/** The page a failed test left: its address, level-one heading and open dialogs, and what its pages reported. */
async function failureContext(page: Page | undefined, errors: string[]): Promise<string> {
  const lines = ['The page the failed test left:'];
  if (page && !page.isClosed()) {
    const seen = await page
      .evaluate<{ h1: string[]; dialogs: string[] }>(
        `({ h1: [...document.querySelectorAll('h1')].map((h) => h.textContent.trim()), dialogs: [...document.querySelectorAll('[role=dialog]')].map((d) => d.getAttribute('aria-label') || document.getElementById(d.getAttribute('aria-labelledby') || '')?.textContent?.trim() || '(unnamed)') })`,
      )
      .catch((err: unknown) => ({ h1: [`(not read: ${String(err)})`], dialogs: [] }));
    lines.push(`  address: ${page.url()}`, `  level-one headings: ${seen.h1.join(' | ') || '(none)'}`, `  open dialogs: ${seen.dialogs.join(' | ') || '(none)'}`);
  } else lines.push('  (no page open)');
  lines.push(`  errors reported by the test's pages: ${errors.length ? '' : '(none)'}`, ...errors.slice(-10).map((e) => `    ${e.slice(0, 300)}`));
  return lines.join('\n');
}

/** The API calls of the test's pages, in the order they were sent: method, path, answer and time taken. */
class ApiCallLog {
  private readonly calls: { request: Request; sent: number; outcome?: string }[] = [];

  watch(page: Page): void {
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) this.calls.push({ request, sent: Date.now() });
    });
    const settled = (request: Request, outcome: string) => {
      const call = this.calls.find((c) => c.request === request);
      if (call) call.outcome = `${outcome} after ${Date.now() - call.sent} ms`;
    };
    // The answer is read after the event; a page closed meanwhile leaves the call without one.
    const answered = (request: Request) => request.response().then((r) => settled(request, String(r?.status() ?? 'no answer')), () => undefined);
    page.on('requestfinished', (request) => void answered(request));
    page.on('requestfailed', (request) => settled(request, `failed (${request.failure()?.errorText ?? 'unknown'})`));
  }

  /** Forgets the calls so far (a test has ended; the auditor's own calls after it are forgotten with them). */
  clear(): void {
    this.calls.length = 0;
  }

  /** The last 15 calls, one a line, the oldest first. */
  describe(): string {
    const last = this.calls.slice(-15).map((c) => {
      const where = new URL(c.request.url());
      return `    ${c.request.method()} ${`${where.pathname}${where.search}`.slice(0, 120)}: ${c.outcome ?? 'no answer yet'}`;
    });
    return [`  the test's last API calls: ${last.length ? '' : '(none)'}`, ...last].join('\n');
  }
}
