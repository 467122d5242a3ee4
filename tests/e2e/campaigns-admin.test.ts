// Campaigns (spec part 3 §2, §4, §5, §8) as a new admin walks them in one session: the list (current
// campaigns by default, Show Pending/Expired, the filter, the active toggle that changes the row once
// the call succeeded), New Campaign with the required messages of §5 (eBureau's min score among them,
// shown with the others at once), the date rules, the Bid Campaign rules, Select Vendors with prices
// and the non-blocking may-lose-money warning, the Funds dialog's priorities, the save with its confirm
// and success dialogs, the campaign reopened at /v2/campaigns/edit/{id} and edited, and the leave
// prompt. axe on every page; nothing wider than a 390 px phone.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES as m } from '#shared/campaign.ts';
import { companyDay } from '#shared/time-zones.ts';
import { auditPage, describeFindings } from '../support/axe.ts';
import { expectNothingOverflows, PHONE } from '../support/phone.ts';
import { useBrowserSession } from './browser-session.ts';
import { dataRows } from './tables.ts';
import { localStack } from './stack.ts';

const { url } = localStack();
const { signInAs, screenshot } = useBrowserSession({ fullPage: true });

const DESKTOP = { width: 1280, height: 900 };

/** Opens a Mantine select by its label and picks an option. */
async function pick(scope: Page | Locator, p: Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await p.getByRole('option', { name: option, exact: true }).click();
}

async function expectAxeClean(p: Page) {
  const findings = await auditPage(p);
  expect(findings, describeFindings(findings)).toEqual([]);
}

const listRows = (p: Page) => dataRows(p);
const names = async (p: Page) => (await listRows(p).locator('td:first-child').allInnerTexts()).map((t) => t.trim());

describe('Campaigns', () => {
  it('lets an admin filter and toggle the list, create a campaign with vendors and funds, and edit it at /v2', { timeout: 300_000 }, async () => {
    const p = await signInAs('admin');
    await p.setViewportSize(DESKTOP);
    await p.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Campaigns', exact: true }).click();
    await p.waitForURL(`${url}/campaigns`);
    await p.getByRole('heading', { name: 'Campaigns', level: 1 }).waitFor();

    // Current campaigns only by default; the toggle shows the pending and expired ones instead.
    await expect.poll(() => names(p)).toEqual(expect.arrayContaining(['Employer Referrals', 'Health Web Leads', 'Life Quotes', 'Medicare Inbound', 'Medicare Live Transfer']));
    const current = await names(p);
    expect(current).not.toContain('Spring Health 2023');
    await p.getByRole('switch', { name: 'Show Pending/Expired' }).click();
    await expect.poll(() => names(p)).toContain('Spring Health 2023');
    expect(await names(p)).not.toContain('Health Web Leads');
    await p.getByRole('switch', { name: 'Show Pending/Expired' }).click();
    await p.getByRole('textbox', { name: 'Filter', exact: true }).fill('quotes');
    await expect.poll(() => names(p)).toEqual(['Life Quotes']);
    await p.getByRole('textbox', { name: 'Filter', exact: true }).fill('');
    await expect.poll(() => names(p)).toEqual(current);

    // The active toggle: the row says Inactive once the call succeeded, and Active again.
    const lifeActive = p.getByRole('switch', { name: 'Life Quotes active' });
    expect(await lifeActive.isChecked()).toBe(true);
    await lifeActive.click();
    await p.getByRole('row', { name: /Life Quotes/ }).getByText('Inactive', { exact: true }).waitFor();
    expect(await lifeActive.isChecked()).toBe(false);
    await lifeActive.click();
    await p.getByRole('row', { name: /Life Quotes/ }).getByText('Active', { exact: true }).waitFor();
    expect(await lifeActive.isChecked()).toBe(true);
    await expectAxeClean(p);

    // New Campaign: an empty save shows every required message at once, min score included.
    await p.getByRole('link', { name: 'New Campaign' }).click();
    await p.waitForURL(`${url}/campaigns/new`);
    const form = p.getByRole('form', { name: 'New Campaign' });
    await form.getByRole('heading', { name: 'New Campaign', level: 1 }).waitFor();
    await form.getByRole('textbox', { name: 'Retry Attempts', exact: true }).fill('');
    await form.getByRole('textbox', { name: 'Retry Minutes', exact: true }).fill('');
    await form.getByRole('textbox', { name: 'Days', exact: true }).fill('');
    const criteria = form.getByRole('region', { name: 'Criteria' });
    await criteria.getByRole('switch', { name: 'eBureau' }).click();
    await p.getByText(m.ebureauNeedsAddress).first().waitFor();
    expect(await criteria.getByRole('switch', { name: 'Address' }).isChecked()).toBe(true);
    expect(await criteria.getByRole('switch', { name: 'Address' }).isDisabled()).toBe(true);
    await form.getByRole('textbox', { name: 'Start Date', exact: true }).fill('');
    await form.getByRole('textbox', { name: 'End Date', exact: true }).fill('');
    await form.getByRole('button', { name: 'Save Campaign' }).click();
    for (const message of [
      m.nameRequired,
      m.codeRequired,
      m.descriptionRequired,
      m.leadTypeRequired,
      m.crmLobRequired,
      m.businessOwnerRequired,
      m.destinationRequired,
      m.retryAttemptsRequired,
      m.retryMinutesRequired,
      m.daysRequired,
      m.startDateRequired,
      m.endDateRequired,
      m.minScoreRequired,
    ])
      await form.getByText(message, { exact: true }).waitFor();
    expect(await p.getByRole('dialog', { name: 'Save Campaign' }).count()).toBe(0);
    await expectAxeClean(p);

    // The details, then the dates: the end moves up with the start, and an earlier end is not taken.
    await form.getByRole('textbox', { name: 'Campaign Name', exact: true }).fill('E2E Dental Web');
    await form.getByRole('textbox', { name: 'Code', exact: true }).fill('E2E-DW');
    await form.getByRole('textbox', { name: 'Description', exact: true }).fill('Dental web leads for the browser walk');
    await pick(form, p, 'Lead Type', 'Health');
    await pick(form, p, 'CRM Line of Business', 'Health');
    await pick(form, p, 'Business Owner', 'Health Sales');
    await pick(form, p, 'Destination', 'CRM');
    // The company's day (the form's and the list's), not this machine's: they differ for hours a night.
    const [year, month, date] = companyDay().split('-').map(Number) as [number, number, number];
    const today = new Date(year, month - 1, date);
    const day = (d: Date) => `${d.getMonth() + 1}/${d.getDate()}/${d.getFullYear()}`;
    const inDays = (n: number) => new Date(today.getFullYear(), today.getMonth(), today.getDate() + n);
    const start = form.getByRole('textbox', { name: 'Start Date', exact: true });
    const end = form.getByRole('textbox', { name: 'End Date', exact: true });
    await start.fill(day(inDays(10)));
    await start.blur();
    await form.getByText(m.startDateRequired, { exact: true }).waitFor({ state: 'detached' });
    await end.fill(day(inDays(30)));
    await end.blur();
    await expect.poll(() => end.inputValue()).toBe(day(inDays(30)));
    // A start after the end moves the end up to it; an end typed before the start is not taken.
    await start.fill(day(inDays(60)));
    await start.blur();
    await expect.poll(() => end.inputValue()).toBe(day(inDays(60)));
    await end.fill(day(inDays(5)));
    await end.blur();
    await expect.poll(() => end.inputValue()).toBe(day(inDays(60)));
    await start.fill(day(today));
    await start.blur();
    await end.fill(day(inDays(365)));
    await end.blur();
    await expect.poll(() => end.inputValue()).toBe(day(inDays(365)));
    await form.getByRole('textbox', { name: 'Retry Attempts', exact: true }).fill('3');
    await form.getByRole('textbox', { name: 'Retry Minutes', exact: true }).fill('15');
    await form.getByRole('textbox', { name: 'Days', exact: true }).fill('99999');
    expect(await form.getByRole('textbox', { name: 'Days', exact: true }).inputValue()).toBe('1000');
    const minScore = criteria.getByRole('textbox', { name: 'Min Score', exact: true });
    await minScore.fill('0');
    await form.getByRole('button', { name: 'Save Campaign' }).click();
    await form.getByText(m.minScorePositive, { exact: true }).waitFor();
    await minScore.fill('1500');
    expect(await minScore.inputValue()).toBe('1000');
    await minScore.fill('600');

    // Bid Campaign: All adds every state, a state bid replaces its state's, a zip must be in its state.
    const bids = form.getByRole('region', { name: 'Bid Campaign' });
    await pick(bids, p, 'Bid State', 'All');
    await bids.getByRole('textbox', { name: 'State Bid', exact: true }).fill('2.50');
    await bids.getByRole('button', { name: 'Add State Bid' }).click();
    const stateBids = bids.getByRole('table', { name: 'State bids' }).locator('tbody tr');
    await expect.poll(() => stateBids.count()).toBeGreaterThanOrEqual(50);
    const allStates = await stateBids.count();
    await pick(bids, p, 'Bid State', 'Texas');
    await bids.getByRole('textbox', { name: 'State Bid', exact: true }).fill('3.75');
    await bids.getByRole('button', { name: 'Add State Bid' }).click();
    await stateBids.filter({ hasText: '$3.75' }).waitFor();
    expect(await stateBids.count()).toBe(allStates);
    expect(await stateBids.filter({ hasText: '$3.75' }).innerText()).toContain('TX');
    await pick(bids, p, 'Zip State', 'Texas');
    await bids.getByRole('textbox', { name: 'Bid Zip Code', exact: true }).fill('10001');
    await bids.getByRole('textbox', { name: 'Zip Bid', exact: true }).fill('4');
    await bids.getByRole('button', { name: 'Add Zip Bid' }).click();
    await bids.getByText(m.bidZipOutsideState, { exact: true }).waitFor();
    await bids.getByRole('textbox', { name: 'Bid Zip Code', exact: true }).fill('78701');
    await bids.getByRole('button', { name: 'Add Zip Bid' }).click();
    const zipBids = bids.getByRole('table', { name: 'Zip bids' }).locator('tbody tr');
    await expect.poll(() => zipBids.count()).toBe(1);
    await bids.getByRole('button', { name: 'Clear States' }).click();
    await p.getByText(m.allStatesCleared, { exact: true }).waitFor();
    expect(await bids.getByRole('table', { name: 'State bids' }).count()).toBe(0);
    expect(await zipBids.count()).toBe(1);

    // Select Vendors: prices, the warning, a picked vendor disabled in the other rows.
    const vendors = form.getByRole('region', { name: 'Select Vendors' });
    await vendors.getByRole('button', { name: 'Add Vendor' }).click();
    await vendors.getByRole('button', { name: 'Add Vendor' }).click();
    await form.getByRole('button', { name: 'Save Campaign' }).click();
    await expect.poll(() => vendors.getByText(m.vendorRequired, { exact: true }).count()).toBe(2);
    await expect.poll(() => vendors.getByText(m.vendorPriceRequired, { exact: true }).count()).toBe(2);
    const first = vendors.getByRole('group', { name: 'Vendor 1' });
    await pick(first, p, 'Vendor', 'Acme Leads');
    const acme = vendors.getByRole('group', { name: 'Acme Leads' });
    await acme.getByRole('textbox', { name: 'Vendor Price', exact: true }).fill('30');
    await acme.getByRole('textbox', { name: 'Captive Price', exact: true }).fill('20');
    await acme.getByText(m.loseMoney).waitFor();
    await acme.getByRole('textbox', { name: 'Captive Price', exact: true }).fill('45');
    await acme.getByText(m.loseMoney).waitFor({ state: 'detached' });
    await acme.getByRole('textbox', { name: 'Broker Price', exact: true }).fill('50');
    const second = vendors.getByRole('group', { name: 'Vendor 2' });
    await second.getByRole('combobox', { name: 'Vendor', exact: true }).click();
    expect(await p.getByRole('option', { name: 'Acme Leads', exact: true }).getAttribute('aria-disabled')).toBe('true');
    await p.getByRole('option', { name: 'BlueSky Marketing', exact: true }).click();
    const blue = vendors.getByRole('group', { name: 'BlueSky Marketing' });
    await blue.getByRole('textbox', { name: 'Vendor Price', exact: true }).fill('12');
    await blue.getByRole('switch', { name: 'eBureau' }).click();
    await form.getByRole('button', { name: 'Save Campaign' }).click();
    await blue.getByText(m.minScoreRequired, { exact: true }).waitFor();
    await blue.getByRole('textbox', { name: 'Min Score', exact: true }).fill('450');

    // The Funds dialog: added funds take the next priority, up swaps, remove renumbers.
    await acme.getByRole('button', { name: 'Funds of Acme Leads' }).click();
    const dialog = p.getByRole('dialog', { name: 'Funds: Acme Leads' });
    for (const fund of ['Health Exclusive (HLTH-EX)', 'Medicare Shared (MED-SH)', 'Life Premium (LIFE-PR)']) {
      await pick(dialog, p, 'Fund', fund);
      await dialog.getByRole('button', { name: 'Add Fund' }).click();
    }
    const selected = dialog.getByRole('table', { name: 'Selected funds' }).locator('tbody tr');
    const order = async () => (await selected.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim().replace(/ ?↑.*$/, ''));
    await expect.poll(order).toEqual(['1 Health Exclusive (HLTH-EX)', '2 Medicare Shared (MED-SH)', '3 Life Premium (LIFE-PR)']);
    await dialog.getByRole('button', { name: 'Move Life Premium up' }).click();
    await expect.poll(order).toEqual(['1 Health Exclusive (HLTH-EX)', '2 Life Premium (LIFE-PR)', '3 Medicare Shared (MED-SH)']);
    await dialog.getByRole('button', { name: 'Remove Health Exclusive' }).click();
    await expect.poll(order).toEqual(['1 Life Premium (LIFE-PR)', '2 Medicare Shared (MED-SH)']);
    // Life Premium sells at $30 captive: the vendor's $30 does not lose money; Medicare Shared's $18 does.
    await expectAxeClean(p);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    await acme.getByText('Funds: Life Premium, Medicare Shared').waitFor();
    await acme.getByText(m.loseMoney).waitFor();
    await screenshot(p, 'campaign-new');

    // Save: the confirm, then the success dialog, then the list with the new campaign.
    await form.getByRole('button', { name: 'Save Campaign' }).click();
    const confirm = p.getByRole('dialog', { name: 'Save Campaign' });
    await confirm.getByText('Are you sure you want to save this campaign?').waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await p.getByRole('dialog', { name: 'Save Campaign' }).getByText(m.saveSucceeded).waitFor({ timeout: 20_000 });
    await p.getByRole('dialog', { name: 'Save Campaign' }).getByRole('button', { name: 'Close', exact: true }).click();
    await p.waitForURL(`${url}/campaigns`);
    await expect.poll(() => names(p)).toContain('E2E Dental Web');
    const href = await p.getByRole('link', { name: 'Edit E2E Dental Web' }).getAttribute('href');
    const campaignId = href!.split('/').pop()!;

    // Reopened at the /v2 address: everything saved is there; the saved vendors cannot be changed.
    await p.goto(`${url}/v2/campaigns/edit/${campaignId}`);
    const edit = p.getByRole('form', { name: 'Edit Campaign' });
    await edit.getByRole('heading', { name: 'Edit Campaign', level: 1 }).waitFor();
    expect(await edit.getByRole('textbox', { name: 'Campaign Name', exact: true }).inputValue()).toBe('E2E Dental Web');
    expect(await edit.getByRole('textbox', { name: 'Days', exact: true }).inputValue()).toBe('1000');
    expect(await edit.getByRole('region', { name: 'Criteria' }).getByRole('textbox', { name: 'Min Score', exact: true }).inputValue()).toBe('600');
    await edit.getByRole('table', { name: 'Zip bids' }).getByText('78701').waitFor();
    const editVendors = edit.getByRole('region', { name: 'Select Vendors' });
    const savedAcme = editVendors.getByRole('group', { name: 'Acme Leads' });
    await savedAcme.getByText('Funds: Life Premium, Medicare Shared').waitFor();
    expect(await savedAcme.getByRole('combobox', { name: 'Vendor', exact: true }).isDisabled()).toBe(true);
    expect(await savedAcme.getByRole('textbox', { name: 'Vendor Price', exact: true }).inputValue()).toBe('30.00');
    expect(await editVendors.getByRole('group', { name: 'BlueSky Marketing' }).getByRole('textbox', { name: 'Min Score', exact: true }).inputValue()).toBe('450');

    // The leave prompt: leaving elsewhere asks; Stay keeps the form.
    await edit.getByRole('textbox', { name: 'Description', exact: true }).fill('Dental web leads, edited');
    await p.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Funds', exact: true }).click();
    const leave = p.getByRole('dialog', { name: 'Leave this page?' });
    await leave.getByText(m.leavePrompt).waitFor();
    await leave.getByRole('button', { name: 'Stay' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(p.url()).toBe(`${url}/v2/campaigns/edit/${campaignId}`);

    // Edit: remove BlueSky, swap Acme's funds, save.
    await editVendors.getByRole('button', { name: 'Remove BlueSky Marketing' }).click();
    await savedAcme.getByRole('button', { name: 'Funds of Acme Leads' }).click();
    const editDialog = p.getByRole('dialog', { name: 'Funds: Acme Leads' });
    await editDialog.getByRole('button', { name: 'Move Medicare Shared up' }).click();
    await editDialog.getByRole('button', { name: 'Done' }).click();
    await savedAcme.getByText('Funds: Medicare Shared, Life Premium').waitFor();
    await edit.getByRole('button', { name: 'Save Campaign' }).click();
    await p.getByRole('dialog', { name: 'Save Campaign' }).getByRole('button', { name: 'Yes' }).click();
    await p.getByRole('dialog', { name: 'Save Campaign' }).getByText(m.saveSucceeded).waitFor({ timeout: 20_000 });
    await p.getByRole('dialog', { name: 'Save Campaign' }).getByRole('button', { name: 'Close', exact: true }).click();
    await p.waitForURL(`${url}/campaigns`);

    // Reopened at the first address: the edit was kept.
    await p.goto(`${url}/campaigns/edit/${campaignId}`);
    const again = p.getByRole('form', { name: 'Edit Campaign' });
    await again.getByRole('heading', { name: 'Edit Campaign', level: 1 }).waitFor();
    expect(await again.getByRole('textbox', { name: 'Description', exact: true }).inputValue()).toBe('Dental web leads, edited');
    const againVendors = again.getByRole('region', { name: 'Select Vendors' });
    await againVendors.getByRole('group', { name: 'Acme Leads' }).getByText('Funds: Medicare Shared, Life Premium').waitFor();
    expect(await againVendors.getByRole('group', { name: 'BlueSky Marketing' }).count()).toBe(0);
    await expectAxeClean(p);

    // A phone: the form and the list fit 390 px. Cancel goes to the list without asking.
    await p.setViewportSize(PHONE);
    await expectNothingOverflows(p);
    await screenshot(p, 'campaign-edit-phone');
    await again.getByRole('button', { name: 'Cancel' }).click();
    await p.waitForURL(`${url}/campaigns`);
    await p.locator('[data-layout="cards"]').first().waitFor();
    await expectNothingOverflows(p);
    await screenshot(p, 'campaigns-phone');
  });
});
