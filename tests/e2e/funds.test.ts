// Browser walk of the funds screens (spec part 3 §2 Funds Summary): a manager (CAN_VIEW_FUNDS without
// CAN_EDIT_FUNDS) opens Funds from the drawer and expands a fund's histories, and sees no New Fund,
// Edit or Enable/Disable. axe runs on every page visited. The admin walk (create with every
// validation message, edit, duplicate code, leave prompt, phone) is not landed yet: it timed out.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowserSession } from './browser-session.ts';

const { url } = inject('localStack');
const { signInAs } = useBrowserSession({ fullPage: true });

async function openFunds(p: Page) {
  await p.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Funds', exact: true }).click();
  await p.waitForURL(`${url}/funds`);
  await p.getByRole('heading', { name: 'Funds Summary' }).waitFor();
}

describe('funds', () => {
  it('a manager sees the Funds Summary and histories, without New Fund or Edit', async () => {
    const p = await signInAs('manager');
    await openFunds(p);
    await p.getByRole('button', { name: 'Medicare Shared' }).click();
    await p.getByTestId('fund-history-MED-SH').getByRole('heading', { name: 'Fund History' }).waitFor();
    expect(await p.getByRole('link', { name: 'New Fund' }).count()).toBe(0);
    expect(await p.getByRole('link', { name: /^Edit / }).count()).toBe(0);
    expect(await p.getByRole('button', { name: /^(Disable|Enable) fund$/ }).count()).toBe(0);
  });
});
