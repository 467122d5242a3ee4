// Accessibility checks for the browser tests: axe-core (injected into the page as axe.min.js) runs
// on every portal page a test visits, and serious or critical violations fail the test with the
// rule, the page and the offending elements. Pages of other origins (the OIDC provider's sign-in
// form) are not ours to fix and are skipped.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

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
}

interface AxeResultLike {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
}

/** Runs axe on the page as it is now; returns the serious and critical violations. */
export async function auditPage(page: Page): Promise<AxeFinding[]> {
  // The page runs browser code given as text: this file is type-checked without the DOM library.
  const hasAxe = await page.evaluate<boolean>('typeof window.axe === "object"');
  if (!hasAxe) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate<AxeResultLike>(`(async () => {
    // WCAG 2.1 A and AA plus axe's best practices (landmarks, one level-one heading).
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return { violations: r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) })) };
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
    }));
}

/** One line per rule and page, with up to five of its elements, for a failure message. */
export function describeFindings(findings: AxeFinding[]): string {
  return findings
    .map((f) => `${f.impact} ${f.rule} on ${f.page} (${f.targets.length} elements): ${f.help}\n    ${f.targets.slice(0, 5).join('\n    ')}`)
    .join('\n');
}

/**
 * Audits a page after each navigation (full loads and the router's own), once the page has been
 * still for a moment, and keeps what it found until `drain`. Audits of a page that closes or
 * navigates away meanwhile are dropped, not reported.
 */
export class PageAuditor {
  private readonly findings = new Map<string, AxeFinding>();
  private readonly pending = new Set<Promise<void>>();
  private readonly timers = new Map<Page, NodeJS.Timeout>();

  constructor(private readonly origin: string, private readonly settleMs = 700) {}

  watch(page: Page): void {
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      this.schedule(page);
    });
    page.on('close', () => clearTimeout(this.timers.get(page)));
  }

  /** Audits `page` now (if it is a portal page), waits for every audit under way and returns and forgets their findings. */
  async drain(page?: Page): Promise<AxeFinding[]> {
    if (page && !page.isClosed()) {
      clearTimeout(this.timers.get(page));
      await this.run(page, true);
    }
    await Promise.all([...this.pending]);
    const all = [...this.findings.values()];
    this.findings.clear();
    return all;
  }

  private schedule(page: Page): void {
    clearTimeout(this.timers.get(page));
    this.timers.set(
      page,
      setTimeout(() => void this.run(page, false), this.settleMs),
    );
  }

  /** `strict`: an audit that fails for another reason than the page going away throws. */
  private run(page: Page, strict: boolean): Promise<void> {
    const audit = (async () => {
      if (page.isClosed() || new URL(page.url()).origin !== new URL(this.origin).origin) return;
      try {
        await page.waitForLoadState('load', { timeout: 5_000 });
        // Skeletons and fading dialogs are transitions, not the page: wait until they are gone.
        await page.waitForFunction(`!document.querySelector('.mantine-Skeleton-root')`, undefined, { timeout: 5_000 }).catch(() => undefined);
        for (const f of await auditPage(page)) this.findings.set(`${f.page} ${f.rule}`, f);
      } catch (error) {
        // A page that closed or navigated while axe ran has nothing to report.
        const goneAway = page.isClosed() || /context was destroyed|Target closed|has been closed|navigat/i.test(String(error));
        if (strict && !goneAway) throw error;
      }
    })();
    this.pending.add(audit);
    void audit.finally(() => this.pending.delete(audit));
    return audit;
  }
}
