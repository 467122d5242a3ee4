// Browser walk of the funds screens (spec part 3 §2 Funds Summary and Fund form, §4, §5 "Fund form").
// An admin creates a fund through every validation message of §5 (each '{field} is required.', a zero
// price, a start before today, an end not after the start, the channel and specified-agent rules, the
// agent search's own rule, a duplicate code in another case), finds it in the summary, edits it behind
// the leave prompt, disables it and reads the history rows the changes wrote; axe on every page;
// nothing wider than a 390 px phone. A manager (CAN_VIEW_FUNDS without CAN_EDIT_FUNDS) opens Funds
// from the drawer and expands a fund's histories, and sees no New Fund, Edit or Enable/Disable;
// managers and support who type a fund's address read it with every field disabled and no Save Fund,
// and New Fund's address refuses them before the form opens.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FUND_MESSAGES as m } from '#shared/fund-form.ts';
import { auditPage, describeFindings } from '../support/axe.ts';
import { navigateInApp } from '../support/browser.ts';
import { expectNothingOverflows, PHONE } from '../support/phone.ts';
import { useBrowserSession } from './browser-session.ts';
import { localStack } from './stack.ts';

const { url } = localStack();
const { signInAs, screenshot } = useBrowserSession({ fullPage: true });

const DESKTOP = { width: 1280, height: 900 };
const LEAVE_PROMPT = 'If you leave this page, your changes will not be saved. Are you sure you wish to proceed?';

async function openFunds(p: Page) {
  await p.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Funds', exact: true }).click();
  await p.waitForURL(`${url}/funds`);
  await p.getByRole('heading', { name: 'Funds Summary' }).waitFor();
}

async function expectAxeClean(p: Page) {
  const findings = await auditPage(p);
  expect(findings, describeFindings(findings)).toEqual([]);
}

/** A calendar day as the date fields take it (M/D/YYYY), `n` days from the browser's today (read from the page, as its validation reads it). */
function pickerDay(p: Page, n: number): Promise<string> {
  return p.evaluate<string>(`(() => {
    const now = new Date();
    const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + ${n});
    return (d.getMonth() + 1) + '/' + d.getDate() + '/' + d.getFullYear();
  })()`);
}

describe('funds', () => {
  it('lets an admin create a fund through every validation message, edit it behind the leave prompt and disable it', { timeout: 300_000 }, async () => {
    const p = await signInAs('admin');
    await p.setViewportSize(DESKTOP);
    await openFunds(p);
    await p.getByRole('link', { name: 'New Fund' }).click();
    await p.waitForURL(`${url}/fund`);
    const form = p.getByRole('form', { name: 'New Fund' });
    await form.getByRole('heading', { name: 'New Fund', level: 1 }).waitFor();

    // An empty save: every required field says so at once, and the channel rule too.
    await form.getByRole('button', { name: 'Save Fund' }).click();
    for (const field of ['Name', 'Code', 'Line of Business', 'Category', 'Captive Price', 'Broker Price', 'Start Date', 'End Date'])
      await form.getByText(m.required(field), { exact: true }).waitFor();
    await form.getByText(m.channelRequired, { exact: true }).waitFor();
    expect(p.url()).toBe(`${url}/fund`);
    await expectAxeClean(p);

    // The details; a zero price counts as missing; dates before today and an end not after the start are refused.
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('E2E Dental Exclusive');
    await form.getByRole('textbox', { name: 'Code', exact: true }).fill('med-sh');
    await form.getByRole('combobox', { name: 'Line of Business', exact: true }).click();
    await p.getByRole('option', { name: 'Health', exact: true }).click();
    await form.getByRole('combobox', { name: 'Category', exact: true }).click();
    await p.getByRole('option', { name: 'Third Party', exact: true }).click();
    await form.getByRole('radio', { name: 'Exclusive' }).check();
    await form.getByRole('textbox', { name: 'Captive Price', exact: true }).fill('0');
    await form.getByRole('textbox', { name: 'Broker Price', exact: true }).fill('18.50');
    const start = form.getByRole('textbox', { name: 'Start Date', exact: true });
    const end = form.getByRole('textbox', { name: 'End Date', exact: true });
    await start.fill(await pickerDay(p, -2));
    await start.blur();
    await end.fill(await pickerDay(p, -2));
    await end.blur();
    await form.getByRole('button', { name: 'Save Fund' }).click();
    await form.getByText(m.required('Captive Price'), { exact: true }).waitFor();
    await form.getByText(m.startBeforeToday, { exact: true }).waitFor();
    await form.getByText(m.endAfterStart, { exact: true }).waitFor();
    await form.getByRole('textbox', { name: 'Captive Price', exact: true }).fill('22.75');
    await start.fill(await pickerDay(p, 1));
    await start.blur();
    await end.fill(await pickerDay(p, 1));
    await end.blur();
    await form.getByRole('button', { name: 'Save Fund' }).click();
    await form.getByText(m.endAfterStart, { exact: true }).waitFor();
    expect(await form.getByText(m.startBeforeToday, { exact: true }).count()).toBe(0);
    await end.fill(await pickerDay(p, 60));
    await end.blur();
    await form.getByText(m.endAfterStart, { exact: true }).waitFor({ state: 'detached' });

    // Specify Agents: none listed is refused; the search needs a term; an agent is added once.
    await form.getByRole('switch', { name: 'Specify Agents' }).click();
    expect(await form.getByRole('switch', { name: 'Captive' }).isDisabled()).toBe(true);
    await form.getByRole('button', { name: 'Save Fund' }).click();
    await form.getByText(m.agentsRequired, { exact: true }).waitFor();
    await form.getByText(m.channelRequired, { exact: true }).waitFor({ state: 'detached' });
    await form.getByRole('button', { name: 'Search', exact: true }).click();
    await form.getByText(m.agentSearchNeedsTerm, { exact: true }).waitFor();
    await form.getByRole('textbox', { name: 'First Name', exact: true }).fill('Carlos');
    await form.getByRole('textbox', { name: 'Last Name', exact: true }).fill('Captive');
    await form.getByRole('button', { name: 'Search', exact: true }).click();
    await form.getByText(/^\d+ Agent\(s\) matched\.$/).waitFor();
    await form.getByRole('button', { name: 'Add Carlos Captive' }).click();
    const listed = form.getByRole('table', { name: 'Agents in this fund' });
    await listed.getByText('Carlos Captive', { exact: true }).waitFor();
    expect(await form.getByRole('button', { name: 'Added Carlos Captive' }).isDisabled()).toBe(true);
    await form.getByText(m.agentsRequired, { exact: true }).waitFor({ state: 'detached' });
    await expectAxeClean(p);

    // The form fits a phone.
    await p.setViewportSize(PHONE);
    await expectNothingOverflows(p);
    await screenshot(p, 'fund-form-phone');
    await p.setViewportSize(DESKTOP);

    // A code another fund has, in another case, is the server's 'Duplicate fund code.' on the Code field.
    await form.getByRole('button', { name: 'Save Fund' }).click();
    await form.getByText(m.duplicateCode, { exact: true }).waitFor();
    expect(p.url()).toBe(`${url}/fund`);
    await form.getByRole('textbox', { name: 'Code', exact: true }).fill('E2E-DENT-X');
    await form.getByRole('button', { name: 'Save Fund' }).click();
    await p.waitForURL(`${url}/funds`);

    // The summary shows it; the expanded row has its history and the Disable control.
    const row = p.getByRole('row', { name: /E2E Dental Exclusive/ });
    await row.waitFor();
    expect(await row.innerText()).toContain('Third Party (Exclusive)');
    expect(await row.innerText()).toContain('$22.75');
    await p.getByRole('link', { name: 'Edit E2E Dental Exclusive' }).click();
    await p.waitForURL(/\/fund\/[^/]+$/);
    const edit = p.getByRole('form', { name: 'Edit Fund' });
    await edit.getByRole('heading', { name: 'Edit Fund', level: 1 }).waitFor();
    expect(await edit.getByRole('textbox', { name: 'Code', exact: true }).inputValue()).toBe('E2E-DENT-X');
    await edit.getByRole('table', { name: 'Agents in this fund' }).getByText('Carlos Captive', { exact: true }).waitFor();

    // Leaving with a change asks first: No stays, the save goes through without asking.
    await edit.getByRole('textbox', { name: 'Name', exact: true }).fill('E2E Dental Exclusive Plus');
    await p.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Funds', exact: true }).click();
    const leave = p.getByRole('dialog', { name: 'Leave this page?' });
    await leave.getByText(LEAVE_PROMPT).waitFor();
    await expectAxeClean(p);
    await leave.getByRole('button', { name: 'No' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(p.url()).toMatch(/\/fund\/[^/]+$/);
    await edit.getByRole('button', { name: 'Save Fund' }).click();
    await p.waitForURL(`${url}/funds`);

    // Disable it from the expanded row; the history lists the create, the rename and the disable.
    await p.getByRole('button', { name: 'E2E Dental Exclusive Plus' }).click();
    const panel = p.getByTestId('fund-history-E2E-DENT-X');
    await panel.getByRole('heading', { name: 'Fund History' }).waitFor();
    // The switch answers before the list can change (a failure here says which of the two did not happen).
    const disabled = p.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/fund/disable/'));
    await panel.getByRole('button', { name: 'Disable fund' }).click();
    expect((await disabled).status()).toBe(200);
    // Only active funds are displayed by default, so the disabled fund leaves the list until that is unticked.
    const fundButton = p.getByRole('button', { name: 'E2E Dental Exclusive Plus', exact: true });
    await fundButton.waitFor({ state: 'detached' });
    await p.getByRole('checkbox', { name: 'Display only active funds' }).uncheck();
    await fundButton.waitFor();
    if ((await panel.count()) === 0) await fundButton.click();
    await panel.getByRole('button', { name: 'Enable fund' }).waitFor();
    const history = panel.getByRole('table', { name: /^Fund history of / }).locator('tbody tr');
    await expect.poll(() => history.count()).toBe(3);
    expect(await history.first().innerText()).toMatch(/E2E Dental Exclusive Plus[\s\S]*No/);
    await expectAxeClean(p);
  });

  it('a manager sees the Funds Summary and histories, without New Fund or Edit', async () => {
    const p = await signInAs('manager');
    await openFunds(p);
    await p.getByRole('button', { name: 'Medicare Shared' }).click();
    await p.getByTestId('fund-history-MED-SH').getByRole('heading', { name: 'Fund History' }).waitFor();
    expect(await p.getByRole('link', { name: 'New Fund' }).count()).toBe(0);
    expect(await p.getByRole('link', { name: /^Edit / }).count()).toBe(0);
    expect(await p.getByRole('button', { name: /^(Disable|Enable) fund$/ }).count()).toBe(0);
  });

  it('shows managers and support a fund read-only, with no Save Fund, and refuses them New Fund before it opens', { timeout: 120_000 }, async () => {
    for (const role of ['manager', 'support']) {
      const p = await signInAs(role);
      await p.setViewportSize(DESKTOP);
      const funds = (await (await p.request.get(`${url}/api/fund`)).json()) as { FundId: string; Code: string; Name: string }[];
      const fund = funds.find((f) => f.Code === 'MED-SH');
      expect(fund, 'the seeded fund MED-SH').toBeDefined();

      await navigateInApp(p, `/fund/${fund!.FundId}`);
      const form = p.getByRole('form', { name: 'Edit Fund' });
      const name = form.getByRole('textbox', { name: 'Name', exact: true });
      await name.waitFor();
      expect(await name.inputValue(), role).toBe(fund!.Name);
      for (const field of ['Name', 'Code', 'Captive Price', 'Broker Price', 'Description'])
        expect(await form.getByRole('textbox', { name: field, exact: true }).isEditable(), `${role}: ${field}`).toBe(false);
      expect(await form.getByRole('switch', { name: 'Active' }).isDisabled(), role).toBe(true);
      expect(await form.getByRole('button', { name: 'Save Fund' }).count(), role).toBe(0);
      await expectAxeClean(p);

      await navigateInApp(p, '/fund');
      const refusal = p.getByTestId('not-allowed');
      await refusal.getByText('Not allowed to view this resource.', { exact: true }).waitFor();
      expect(await refusal.getByRole('listitem').allTextContents(), role).toEqual(['CAN_EDIT_FUNDS']);
      expect(await p.getByRole('form', { name: 'New Fund' }).count(), role).toBe(0);
    }
  });
});
