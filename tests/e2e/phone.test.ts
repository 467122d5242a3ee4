// Phones (issue 7 §4): at 390 px wide no element sticks out of the screen, the header shows the agent's
// balance, and the paged tables turn into stacked cards rather than hiding columns off-screen.
import { describe, expect, it } from 'vitest';
import { navigateInApp } from '../support/browser.ts';
import { expectNothingOverflows, PHONE } from '../support/phone.ts';
import { useBrowserSession } from './browser-session.ts';
import { meOf } from './sign-in.ts';

const { signInAs, screenshot } = useBrowserSession({ fullPage: true });

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
    await expectNothingOverflows(p);
    await screenshot(p, 'phone-home');
  });

  it('My Account shows each transaction as a card with its Credit, Debit and Balance, and nothing overflows', async () => {
    const p = await onPhone('captive');
    await navigateInApp(p, '/account');
    await p.getByRole('heading', { name: 'My Account' }).waitFor();
    await p.locator('[data-layout="cards"]').first().waitFor();
    expect(await p.locator('table').count()).toBe(0);
    await p.locator('[data-layout="cards"]').getByText('Balance', { exact: true }).first().waitFor();
    await expectNothingOverflows(p);
    await screenshot(p, 'phone-account');
  });
});
