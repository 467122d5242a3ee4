// Accessibility checks for the browser tests: axe-core (injected into the page as axe.min.js) runs
// on every portal page the tests visit (PageAuditor), and serious or critical violations fail the
// test with the rule, the page and the offending elements. Pages of other origins (the OIDC provider's sign-in
// form) are not ours to fix and are skipped.
import { createRequire } from 'node:module';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { navigateInApp } from './browser.ts';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts that fail a test; moderate and minor ones are reported by axe but tolerated. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

export interface AxeFinding {
  page: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  /** Why axe flagged each target (for contrast: the ratio and both colours), in the same order. */
  reasons: string[];
}

interface AxeResultLike {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; reason: string }[] }[];
}

/** Waits until no finite animation runs on the page (at most 2 s). */
async function animationsEnded(page: Page): Promise<void> {
  // Two frames first, so a transition a render has just asked for (a dialog that only now appeared)
  // has started and shows in getAnimations(); then until nothing finite runs (at most 2 s).
  await page.evaluate(`(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
    const deadline = performance.now() + 2000;
    for (;;) {
      await frame();
      await frame();
      const running = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
      if (running.length === 0 || performance.now() > deadline) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  })()`);
}

/** One axe run over the page as it is now: its serious and critical violations. */
async function axeViolations(page: Page): Promise<AxeFinding[]> {
  // The page runs browser code given as text: this file is type-checked without the DOM library.
  const hasAxe = await page.evaluate<boolean>('typeof window.axe === "object"');
  if (!hasAxe) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate<AxeResultLike>(`(async () => {
    // WCAG 2.1 A and AA plus axe's best practices (landmarks, one level-one heading).
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }, resultTypes: ['violations'] });
    return { violations: r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, reason: ([...n.any, ...n.all, ...n.none][0] || {}).message || '' })) })) };
  })()`);
  const where = new URL(page.url());
  return result.violations
    .filter((v) => v.impact && FAILING_IMPACTS.has(v.impact))
    .map((v) => ({
      page: `${where.pathname}${where.search}`,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
      reasons: v.nodes.map((n) => n.reason),
    }));
}

/**
 * Runs axe on the page once its finite animations have ended (a dialog still fading in blends its
 * colours, and axe would measure the contrast half way); returns the serious and critical violations.
 * A page whose data arrives just then starts a transition of its own after that wait (a table's empty
 * state fading in measured at 1.11:1), so a violation found is confirmed by a second run once the
 * animations have ended again: only an element that fails both runs is reported.
 */
export async function auditPage(page: Page): Promise<AxeFinding[]> {
  await animationsEnded(page);
  const first = await axeViolations(page);
  if (first.length === 0) return first;
  await animationsEnded(page);
  const again = await axeViolations(page);
  const key = (f: AxeFinding, target: string) => `${f.rule}\u0000${target}`;
  const confirmed = new Set(again.flatMap((f) => f.targets.map((t) => key(f, t))));
  return first.flatMap((f) => {
    const kept = f.targets.flatMap((t, i) => (confirmed.has(key(f, t)) ? [i] : []));
    return kept.length ? [{ ...f, targets: kept.map((i) => f.targets[i]!), reasons: kept.map((i) => f.reasons[i] ?? '') }] : [];
  });
}

/** One line per rule and page, with up to five of its elements, for a failure message. */
export function describeFindings(findings: AxeFinding[]): string {
  return findings
    .map((f) => {
      const elements = f.targets.slice(0, 5).map((target, i) => (f.reasons[i] ? `${target}\n      ${f.reasons[i]}` : target));
      return `${f.impact} ${f.rule} on ${f.page} (${f.targets.length} elements): ${f.help}\n    ${elements.join('\n    ')}`;
    })
    .join('\n');
}

/** The local OIDC provider's sign-in pages are served through the portal's origin but are not the portal. */
const isPortalPage = (url: string, origin: string) => {
  const where = new URL(url);
  return where.origin === new URL(origin).origin && !where.pathname.startsWith('/interaction/');
};

/**
 * What auditHere and drain remember a screen by: the signed-in session and the path without its query
 * (the same screen with other filters, sorts or a page number is the same components with other rows).
 */
const screenOf = (who: string, path: string) => `${who} ${path.split('?')[0]}`;

/** Keeps each finding in `map`, one per page and rule. */
const recordInto = (map: Map<string, AxeFinding>) => (list: AxeFinding[]) => list.forEach((f) => map.set(`${f.page} ${f.rule}`, f));

/**
 * Remembers every portal page a test's tabs navigate to (full loads and the router's own), and at the
 * end of the test audits them: the page still open as the test left it, then each other screen visited
 * (once per session and run, whatever its query), opened again in that page through the router (or in
 * a new tab of the same browser context when a dialog is open there); a page of
 * a shape audited before this run (by any session) is not audited again. Audits never run while the test
 * drives the page, so they cannot slow or reorder what the test measures, unless the test asks for one
 * where it stands (auditHere, for a walk over screens).
 */
export class PageAuditor {
  private readonly visited = new Set<string>();
  /** `<session> <path>` of every page audited so far. */
  private readonly audited = new Set<string>();
  private auditing = false;

  /**
   * `store`: a file where the audited pages are kept across the test files of one stack (they run one
   * after another), so a page one file audited is not opened again by the next for the same session.
   */
  constructor(
    private readonly origin: string,
    private readonly store?: string,
  ) {
    if (store && existsSync(store)) for (const line of readFileSync(store, 'utf8').split('\n')) if (line) this.audited.add(line);
  }

  private remember(key: string): void {
    if (this.audited.has(key)) return;
    this.audited.add(key);
    if (!this.store) return;
    mkdirSync(path.dirname(this.store), { recursive: true });
    appendFileSync(this.store, `${key}\n`);
  }

  watch(page: Page): void {
    page.on('framenavigated', (frame) => {
      if (this.auditing || frame !== page.mainFrame() || !isPortalPage(frame.url(), this.origin)) return;
      const where = new URL(frame.url());
      this.visited.add(`${where.pathname}${where.search}`);
    });
  }

  /** What auditHere found during the test, reported with the rest by drain. */
  private readonly foundHere = new Map<string, AxeFinding>();

  /**
   * Audits the page as it is now, for a test that walks screens (it has just waited for each to settle):
   * the screen then counts as audited for this session, so drain does not open it again afterwards.
   * Its violations fail the test when it ends, with the others.
   */
  async auditHere(page: Page): Promise<void> {
    if (!isPortalPage(page.url(), this.origin)) return;
    const who = await signedInAs(page, this.origin);
    this.auditing = true;
    try {
      await settle(page);
      if (!isPortalPage(page.url(), this.origin)) return;
      await this.auditUnlessSeen(page, recordInto(this.foundHere));
      this.remember(screenOf(who, new URL(page.url()).pathname));
    } finally {
      this.auditing = false;
    }
  }

  /** Audits the test's pages and forgets them; returns the serious and critical violations. */
  async drain(page: Page | undefined): Promise<AxeFinding[]> {
    const findings = new Map<string, AxeFinding>(this.foundHere);
    this.foundHere.clear();
    const record = recordInto(findings);
    this.auditing = true;
    try {
      // A page already audited this run for the same signed-in session (by this file or an earlier one of
      // its stack) is not opened again: the audit would repeat. The page a test leaves open is audited as
      // the test left it (a dialog open, a form filled in); up to six other screens a test visited are opened
      // again after it, and any beyond them are left for a later test that visits them. A page of a shape audited
      // before (shapeOf: the same elements, attributes, style rules and texts present) is not audited again,
      // whoever is signed in (13 of the 237 audits of a whole run).
      const who = page && !page.isClosed() ? await signedInAs(page, this.origin) : '';
      let current: string | undefined;
      if (page && !page.isClosed() && isPortalPage(page.url(), this.origin)) {
        const where = new URL(page.url());
        current = `${where.pathname}${where.search}`;
        await settle(page);
        // The page may have left the portal meanwhile (signing out ends on the provider's page).
        if (isPortalPage(page.url(), this.origin)) await this.auditUnlessSeen(page, record);
      }
      // The other pages count by screen (the path without its query): the same screen with other filters,
      // sorts or a page number is the same components with other rows, and reopening each cost a load
      // and an audit apiece (a list's filters, visited one after another, were most of the other pages).
      const screen = (path: string) => screenOf(who, path);
      if (current) this.remember(screen(current));
      const others = new Map<string, string>();
      for (const path of this.visited) if (others.size < 6 && !this.audited.has(screen(path)) && !others.has(screen(path))) others.set(screen(path), path);
      for (const key of others.keys()) this.remember(key);
      if (others.size > 0 && page && !page.isClosed()) {
        // The test's own page goes on to them through the router, as its links do, when it shows the
        // portal with no dialog open (the test is over, and its page is closed after this): the app is
        // loaded there already. Otherwise, or once a screen would not open there, a new tab: one full
        // load, then the router.
        let visit = current && !(await dialogOpen(page)) ? page : undefined;
        let tab: Page | undefined;
        try {
          for (const path of others.values()) {
            const pathname = path.split('?')[0];
            if (visit) {
              await navigateInApp(visit, path);
              if (new URL(visit.url()).pathname !== pathname) visit = undefined;
            }
            if (!visit) {
              await tab?.close();
              tab = await page.context().newPage();
              await tab.goto(new URL(path, this.origin).href);
              if (!isPortalPage(tab.url(), this.origin)) {
                await tab.close();
                tab = undefined;
                continue;
              }
              visit = tab;
            }
            await settle(visit);
            if (isPortalPage(visit.url(), this.origin)) await this.auditUnlessSeen(visit, record);
          }
        } finally {
          await tab?.close();
        }
      }
    } finally {
      this.visited.clear();
      this.auditing = false;
    }
    return [...findings.values()];
  }

  /** Audits the page unless a page of the same shape was audited this run, by any session: its shape is all axe reads. */
  private async auditUnlessSeen(page: Page, record: (list: AxeFinding[]) => void): Promise<void> {
    const shaped = `shape ${await shapeOf(page)}`;
    if (!this.audited.has(shaped)) record(await auditPage(page));
    this.remember(shaped);
  }
}

/**
 * A hash (64 bits) of the page's shape: every element with its attributes, the rules of its style
 * elements (the theme's colours, which differ by account type), and whether an element holds text, but
 * not the texts themselves nor the ids the components generate afresh on each render (and the
 * attributes that point at them). Two pages of one shape give axe the same findings: the same
 * elements, roles, names present or missing, classes, inline styles and rules (so the same colours); a
 * different figure in a cell does not change it, a dialog left open, a row more or a red amount does.
 */
async function shapeOf(page: Page): Promise<string> {
  return page.evaluate<string>(`(() => {
    const skipped = new Set(['id', 'for', 'aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-owns', 'aria-activedescendant', 'value']);
    let h = 0x811c9dc5;
    let g = 0x01000193;
    const add = (s) => { for (let i = 0; i < s.length; i++) { const c = s.charCodeAt(i); h = Math.imul(h ^ c, 16777619); g = Math.imul(g ^ c, 2246822519) + 0x9e3779b9 | 0; } };
    const walk = (el) => {
      add('<' + el.tagName);
      for (const a of el.attributes) if (!skipped.has(a.name)) add(' ' + a.name + '=' + a.value);
      // A style element's rules are the colours (the theme of the account's type), not data.
      if (el.tagName === 'STYLE') add(el.textContent);
      else for (const n of el.childNodes) {
        if (n.nodeType === 1) walk(n);
        else if (n.nodeType === 3 && n.nodeValue.trim()) add('#');
      }
      add('>');
    };
    walk(document.documentElement);
    return (h >>> 0).toString(36) + (g >>> 0).toString(36);
  })()`);
}

/** Whether a dialog (a modal, a drawer) is open on the page; taken as open when the page cannot say. */
const dialogOpen = (page: Page) => page.evaluate<boolean>(`!!document.querySelector('[role=dialog], [aria-modal=true]')`).catch(() => true);

/** The page's portal session cookie: who the pages it opens are shown to. */
async function signedInAs(page: Page, origin: string): Promise<string> {
  const cookies = await page.context().cookies(origin);
  return cookies.find((c) => c.name === 'lc_session')?.value ?? 'anonymous';
}

/** Waits for the page to finish loading and its skeletons to give way to content. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load', { timeout: 10_000 }).catch(() => undefined);
  await page.waitForFunction(`!document.querySelector('.mantine-Skeleton-root')`, undefined, { timeout: 5_000 }).catch(() => undefined);
  // Dialogs and notifications fade in; contrast is measured once their transitions have ended.
  await page
    .waitForFunction(`document.getAnimations().every((a) => a.playState !== 'running')`, undefined, { timeout: 2_000 })
    .catch(() => undefined);
}
