// The 390 px phone check every browser walk shares (issue 7 §4): no element's right edge passes the
// screen's. Elements inside closed drawers and the off-canvas navbar do not count.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const PHONE = { width: 390, height: 844 };

/** Elements whose right edge passes the viewport's, each as "tag.class text right=px". */
export async function overflowing(p: Page): Promise<string[]> {
  return p.evaluate<string[]>(`(() => {
    const width = document.documentElement.clientWidth;
    const out = [];
    for (const el of document.querySelectorAll('body *')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (el.closest('[data-closed], [aria-hidden="true"], .mantine-AppShell-navbar')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.position === 'fixed' && box.left >= width) continue;
      if (box.right > width + 1) out.push((el.tagName.toLowerCase() + '.' + String(el.className).split(' ')[0] + ' ' + (el.textContent || '').trim().slice(0, 30)) + ' right=' + Math.round(box.right));
    }
    return out;
  })()`);
}

/**
 * Expects nothing wider than the screen. A page that has just been resized to the phone's width may
 * still be laying out (a busy machine has been seen measuring the desktop layout's widths), so the
 * check polls for up to 5 s; a page that really overflows fails with the elements named.
 */
export async function expectNothingOverflows(p: Page): Promise<void> {
  await expect.poll(() => overflowing(p), { timeout: 5_000, interval: 250 }).toEqual([]);
}
