// Phones (issue 7 §4): at 390 px wide no element sticks out of the screen, the header shows the agent's
// balance, and the paged tables turn into stacked cards rather than hiding columns off-screen.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowserSession } from './browser-session.ts';
import { meOf } from './sign-in.ts';

const { url } = inject('localStack');
const { signInAs, screenshot } = useBrowserSession({ fullPage: true });

const PHONE = { width: 390, height: 844 };

/** Elements whose right edge passes the viewport's (ignoring those inside closed, off-screen drawers). */
async function overflowing(p: Page): Promise<string[]> {
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

async function onPhone(agent: string) {
  const p = await signInAs(agent);
  await p.setViewportSize(PHONE);
  return p;
}

describe('on a 390 px phone', () => {
  it('Home has nothing wider than the screen and the header shows the balance', async () => {
    const p = await onPhone('captive');
    const { Account } = await meOf(p);
    const balance = `$${Account!.CurrentBalance.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    const shown = p.getByRole('banner').getByTestId('header-balance');
    await expect.poll(() => shown.isVisible()).toBe(true);
    expect(await shown.innerText()).toBe(balance);
    await p.getByRole('banner').getByRole('button', { name: 'Dev Tools' }).waitFor();
    expect(await overflowing(p)).toEqual([]);
    await screenshot(p, 'phone-home');
  });

  it('My Account shows each transaction as a card with its Credit, Debit and Balance, and nothing overflows', async () => {
    const p = await onPhone('captive');
    await p.goto(`${url}/account`);
    await p.getByRole('heading', { name: 'My Account' }).waitFor();
    await p.locator('[data-layout="cards"]').first().waitFor();
    expect(await p.locator('table').count()).toBe(0);
    await p.locator('[data-layout="cards"]').getByText('Balance', { exact: true }).first().waitFor();
    expect(await overflowing(p)).toEqual([]);
    await screenshot(p, 'phone-account');
  });
});
