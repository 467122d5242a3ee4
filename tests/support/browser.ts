// Headless Chromium for the browser tests: Debian's own build (never a downloaded one) driven by
// playwright-core, in a fresh profile that is deleted on close. Debian's chromium-headless-shell (the
// same Chromium without the desktop browser around it, which Playwright itself uses for headless runs)
// when it is installed, else Debian's chromium: the shell starts in a fifth of the CPU and takes about
// a fifth less for the same pages.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Debian's packages, in the order they are preferred: chromium-headless-shell, then chromium. */
export const DEBIAN_CHROMIUM_PATHS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

/**
 * Flags for a quiet, deterministic browser in a container: no sandbox (tests run as root), no GPU,
 * no QUIC, and none of Chromium's own background traffic (updates, sync, first-run pages). One
 * renderer process for every page: a test's page and the auditor's pages (tests/support/axe.ts) all
 * show the one site, and each new tab started a renderer of its own, which compiled the app's scripts
 * and axe's again; one process keeps what its V8 compiled for the next page. Home and My Account's
 * 16 tests, back to back: the renderer's CPU 50 -> 39-44 CPU-s, 105 -> 85-100 s.
 */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--renderer-process-limit=1',
];

export interface TestBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** The Chromium binary: CHROMIUM_PATH, else Debian's; a clear message when it is not installed. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  const executable = env.CHROMIUM_PATH || DEBIAN_CHROMIUM_PATHS.find((candidate) => existsSync(candidate));
  if (!executable || !existsSync(executable))
    throw new Error(
      `Chromium not found at ${executable ?? DEBIAN_CHROMIUM_PATHS.join(' or ')}. Install Debian's: apt-get install -y chromium-headless-shell ` +
        '(or chromium; or set CHROMIUM_PATH to a Chromium binary).',
    );
  return executable;
}

/** Launch headless Chromium with a fresh temporary profile (--user-data-dir). */
export async function launchBrowser(): Promise<TestBrowser> {
  const executablePath = chromiumPath();
  const profileDir = await mkdtemp(path.join(os.tmpdir(), 'leadportal-chromium-'));
  try {
    // A persistent context is how Playwright takes a --user-data-dir of our choosing.
    const context = await chromium.launchPersistentContext(profileDir, {
      executablePath,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 800 },
      // As a user who asked their system for less motion: the portal's dialogs, menus and notifications
      // open without transitions (the theme's respectReducedMotion), so nothing waits on them.
      reducedMotion: 'reduce',
    });
    return {
      context,
      async close() {
        await context.close();
        await rm(profileDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await rm(profileDir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Moves a portal page to `path` the way its own links do, through the router (the app's history
 * listens to pushState), instead of a full load: in the dev server every full load fetches the app's
 * hundreds of modules again. Resolves once the address shows `path`'s pathname (or after 5 s).
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate(`(() => {
    const state = window.history.state ?? {};
    const key = Math.random().toString(36).slice(2, 10);
    window.history.pushState({ ...state, __TSR_index: (state.__TSR_index ?? 0) + 1, key, __TSR_key: key }, '', ${JSON.stringify(path)});
  })()`);
  // A page may redirect elsewhere (a guard, search defaults): that is the page's answer, not a failure.
  const pathname = new URL(path, 'http://x').pathname;
  await page.waitForURL((u) => u.pathname === pathname, { timeout: 5_000 }).catch(() => undefined);
}
