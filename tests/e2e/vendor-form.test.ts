// New Vendor and Edit Vendor (spec part 3 §2, §4, §5 Vendor form, §7, §8) as an admin walks them in
// one session: the required messages of §5 on touched fields with Save Vendor disabled meanwhile,
// 'Invalid email', a campaign picked in Select Campaigns, the save and its success dialog back to the
// vendors list, the campaign vendor the save created; then Edit from the list: Generate token and
// Rotate token (with its confirm; the token shown once, only its last four after a reload), Set Admin
// ('Admin set. Email sent.'), Update Vendor with its confirm, a stale edit refused with the server's
// message, 'Duplicate vendor code.' on the Code field, and the leave prompt. axe on every page and
// dialog; nothing wider than a 390 px phone.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STALE_EDIT_MESSAGE } from '#shared/api/revision.ts';
import { VENDOR_MESSAGES as m, VENDOR_TOKEN_PATTERN } from '#shared/vendors.ts';
import { auditPage, describeFindings } from '../support/axe.ts';
import { navigateInApp } from '../support/browser.ts';
import { expectNothingOverflows, PHONE } from '../support/phone.ts';
import { useBrowserSession } from './browser-session.ts';
import { localStack } from './stack.ts';

const { url } = localStack();
const { signInAs, screenshot } = useBrowserSession({ fullPage: true });

const DESKTOP = { width: 1280, height: 900 };
const VENDOR = { name: 'Form Walk Vendor', code: 'FWV01' };

/** Calls the API from the page, as the signed-in user (same origin, the session cookie). */
async function callFromPage(p: Page, method: string, path: string): Promise<{ status: number; json: unknown }> {
  return p.evaluate(
    async ({ method, path }) => {
      const res = await fetch(path, { method });
      return { status: res.status, json: await res.json().catch(() => null) };
    },
    { method, path },
  );
}

async function expectAxeClean(p: Page) {
  const findings = await auditPage(p);
  expect(findings, describeFindings(findings)).toEqual([]);
}

/** Opens a Mantine select by its label and picks an option. */
async function pick(scope: Page | Locator, p: Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await p.getByRole('option', { name: option, exact: true }).click();
}

const textbox = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

/** Focuses a field and leaves it, as a user tabbing through does. */
async function touch(field: Locator) {
  await field.focus();
  await field.blur();
}

describe('the vendor form', () => {
  it('lets an admin create a vendor with a campaign, then edit it, rotate its token and set its admin', { timeout: 300_000 }, async () => {
    const p = await signInAs('admin');
    await p.setViewportSize(DESKTOP);
    await p.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Vendors', exact: true }).click();
    await p.waitForURL(/\/vendors/);
    await p.getByRole('link', { name: 'New Vendor' }).click();
    await p.waitForURL(`${url}/vendor/new`);

    // New Vendor: Save Vendor is disabled while anything is wrong; each message shows on its field.
    const form = p.getByRole('form', { name: 'New Vendor' });
    await form.getByRole('heading', { name: 'New Vendor', level: 1 }).waitFor();
    const save = form.getByRole('button', { name: 'Save Vendor' });
    expect(await save.isDisabled()).toBe(true);
    for (const name of ['Vendor Details', 'Contact Info', 'Pricing Model', 'Address', 'Status', 'Dispute Reasons', 'Select Campaigns'])
      await form.getByRole('region', { name }).getByRole('heading', { name, level: 2 }).waitFor();
    expect(await form.getByRole('region', { name: 'Vendor Token' }).count()).toBe(0);
    expect(await form.getByRole('region', { name: 'Primary Partner Portal Administrator' }).count()).toBe(0);

    await textbox(form, 'Vendor Name').fill('x');
    await textbox(form, 'Vendor Name').fill('');
    await form.getByText(m.nameRequired, { exact: true }).waitFor();
    await textbox(form, 'Vendor Code').fill('x');
    await textbox(form, 'Vendor Code').fill('');
    await form.getByText(m.codeRequired, { exact: true }).waitFor();
    await touch(textbox(form, 'Address'));
    await form.getByText(m.addressRequired, { exact: true }).waitFor();
    await touch(textbox(form, 'City'));
    await form.getByText(m.cityRequired, { exact: true }).waitFor();
    await touch(form.getByRole('combobox', { name: 'State', exact: true }));
    await form.getByText(m.stateRequired, { exact: true }).waitFor();
    await touch(textbox(form, 'Zip Code'));
    await form.getByText(m.zipRequired, { exact: true }).waitFor();
    await textbox(form, 'Email').fill('riley@');
    await textbox(form, 'Email').blur();
    await form.getByText(m.invalidEmail, { exact: true }).waitFor();
    expect(await save.isDisabled()).toBe(true);
    await expectAxeClean(p);
    await screenshot(p, 'vendor-new-errors');

    // Filled in: every message goes and Save Vendor is enabled.
    await textbox(form, 'Vendor Name').fill(VENDOR.name);
    await textbox(form, 'Vendor Code').fill(VENDOR.code);
    await textbox(form, 'Description').fill('Made by the vendor form walk');
    expect(await textbox(form, 'Posts per minute').inputValue()).toBe('600');
    await textbox(form, 'Posts per minute').fill('1500');
    await form.getByRole('switch', { name: 'Allow Disputes' }).click({ force: true });
    await textbox(form, 'Name').fill('Riley Park');
    await textbox(form, 'Email').fill('riley@formwalk.example.com');
    await textbox(form, 'Phone').fill('512-555-0142');
    await textbox(form, 'Address').fill('12 Elm St');
    await textbox(form, 'City').fill('Austin');
    await pick(form, p, 'State', 'Texas (TX)');
    await textbox(form, 'Zip Code').fill('78701');
    for (const message of [m.nameRequired, m.codeRequired, m.addressRequired, m.cityRequired, m.stateRequired, m.zipRequired, m.invalidEmail])
      expect(await form.getByText(message, { exact: true }).count(), message).toBe(0);
    expect(await save.isDisabled()).toBe(false);

    // A dispute reason, and a campaign at the vendor's price; an empty campaign row holds Save back.
    await form.getByRole('button', { name: 'Add Reason' }).click();
    const reason = form.getByRole('group', { name: 'Dispute reason 1' });
    await textbox(reason, 'Vendor Reason').fill('NO_CONTACT');
    await textbox(reason, 'User Facing Reason').fill('Could not reach the consumer');
    await form.getByRole('button', { name: 'Add Campaign' }).click();
    expect(await save.isDisabled()).toBe(true);
    const row = form.getByRole('group', { name: 'Campaign 1' });
    await pick(row, p, 'Campaign', 'Life Quotes (LQ)');
    const picked = form.getByRole('group', { name: 'Life Quotes' });
    await textbox(picked, 'Vendor Price').fill('7.25');
    await expect.poll(() => save.isDisabled()).toBe(false);
    await expectAxeClean(p);

    // A phone: one column, nothing off the screen.
    await p.setViewportSize(PHONE);
    await expectNothingOverflows(p);
    await screenshot(p, 'vendor-new-phone');
    await p.setViewportSize(DESKTOP);

    // Save: the success dialog, whose close returns to the vendors list.
    const created = p.waitForResponse((r) => new URL(r.url()).pathname === '/api/vendor' && r.request().method() === 'POST');
    const assigned = p.waitForResponse((r) => new URL(r.url()).pathname === '/api/campaignVendors' && r.request().method() === 'POST');
    await save.click();
    const vendorId = ((await (await created).json()) as { VendorId: string }).VendorId;
    expect((await assigned).status()).toBe(200);
    let dialog = p.getByRole('dialog', { name: 'Save Vendor' });
    await dialog.getByText(m.saved, { exact: true }).waitFor();
    await expectAxeClean(p);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await p.waitForURL(/\/vendors/);

    // What the server has: the vendor, its contact and reason, and the campaign vendor at $7.25.
    const stored = (await callFromPage(p, 'GET', `/api/vendor/${vendorId}`)).json as Record<string, unknown>;
    expect(stored).toMatchObject({
      Name: VENDOR.name,
      Code: VENDOR.code,
      Status: 1,
      AllowDisputes: true,
      PostsPerMinute: 1500,
      TokenLastFour: null,
      VendorContact: { Name: 'Riley Park', Email: 'riley@formwalk.example.com', AddressLine1: '12 Elm St', City: 'Austin', State: 'TX', Zip: '78701' },
      DisputeReasons: [{ VendorReason: 'NO_CONTACT', UserFacingReason: 'Could not reach the consumer' }],
    });
    const campaigns = (await callFromPage(p, 'GET', `/api/vendor/${vendorId}/campaignVendor`)).json as { CampaignName: string; VendorPrice: number }[];
    expect(campaigns.map((c) => [c.CampaignName, c.VendorPrice])).toEqual([['Life Quotes', 7.25]]);

    // Edit from the list.
    await p.getByRole('textbox', { name: 'Filter by Vendor Name' }).fill('form walk');
    await p.getByRole('link', { name: `Edit ${VENDOR.name}` }).click();
    await p.waitForURL(`${url}/vendor/edit/${vendorId}`);
    const edit = p.getByRole('form', { name: 'Edit Vendor' });
    await edit.getByRole('heading', { name: 'Edit Vendor', level: 1 }).waitFor();
    expect(await textbox(edit, 'Vendor Name').inputValue()).toBe(VENDOR.name);
    expect(await edit.getByRole('region', { name: 'Select Campaigns' }).count()).toBe(0);

    // Vendor Token: none yet; Generate token shows it once, with its last four on the line above.
    const tokenSection = edit.getByRole('region', { name: 'Vendor Token' });
    const lastFour = tokenSection.getByTestId('vendor-token-last-four');
    expect(await lastFour.innerText()).toBe('No token yet');
    await tokenSection.getByRole('button', { name: 'Generate token' }).click();
    const newToken = textbox(tokenSection, 'New token');
    await newToken.waitFor();
    const first = await newToken.inputValue();
    expect(first).toMatch(VENDOR_TOKEN_PATTERN);
    expect(await lastFour.innerText()).toBe(`••••${first.slice(-4)}`);
    await tokenSection.getByText('it will not be shown again', { exact: false }).waitFor();
    await tokenSection.getByRole('button', { name: 'Copy token' }).waitFor();

    // Rotate token asks first: Cancel keeps the token, confirming replaces it.
    await tokenSection.getByRole('button', { name: 'Rotate token' }).click();
    dialog = p.getByRole('dialog', { name: 'Rotate token' });
    await dialog.getByText('stops working at once', { exact: false }).waitFor();
    await expectAxeClean(p);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // Every dialog of that name is gone: Update Vendor's confirm and outcome share it, and a busy machine fades slowly.
    await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(0);
    expect(await newToken.inputValue()).toBe(first);
    await tokenSection.getByRole('button', { name: 'Rotate token' }).click();
    await dialog.getByRole('button', { name: 'Rotate token' }).click();
    await expect.poll(() => newToken.inputValue()).not.toBe(first);
    const second = await newToken.inputValue();
    expect(second).toMatch(VENDOR_TOKEN_PATTERN);
    expect(await lastFour.innerText()).toBe(`••••${second.slice(-4)}`);

    // Set Admin: enabled only by a valid address; the answer says the invitation went.
    const adminSection = edit.getByRole('region', { name: 'Primary Partner Portal Administrator' });
    const setAdmin = adminSection.getByRole('button', { name: 'Set Admin' });
    expect(await setAdmin.isDisabled()).toBe(true);
    await textbox(adminSection, 'Administrator Email').fill('owner@formwalk');
    expect(await setAdmin.isDisabled()).toBe(true);
    await textbox(adminSection, 'Administrator Email').fill('owner@formwalk.example.com');
    expect(await setAdmin.isDisabled()).toBe(false);
    await setAdmin.click();
    await adminSection.getByText(m.adminSet, { exact: true }).waitFor();
    expect(await adminSection.getByTestId('vendor-admin-email').innerText()).toBe('owner@formwalk.example.com');
    await expectAxeClean(p);
    await screenshot(p, 'vendor-edit');

    // Update Vendor asks first; the token and admin changes above do not make the edit stale.
    await textbox(edit, 'Description').fill('Edited by the vendor form walk');
    await edit.getByRole('radio', { name: 'Inactive' }).check({ force: true });
    await edit.getByRole('button', { name: 'Update Vendor' }).click();
    dialog = p.getByRole('dialog', { name: 'Update Vendor' });
    await dialog.getByText('Are you sure you want to update this vendor?', { exact: true }).waitFor();
    await expectAxeClean(p);
    await dialog.getByRole('button', { name: 'No' }).click();
    // Every dialog of that name is gone: Update Vendor's confirm and outcome share it, and a busy machine fades slowly.
    await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(0);
    await edit.getByRole('button', { name: 'Update Vendor' }).click();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await dialog.getByText(m.saved, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await p.waitForURL(/\/vendors/);

    // Opened again: the change is kept, and the token shows only as its last four.
    await p.goto(`${url}/vendor/edit/${vendorId}`);
    await edit.getByRole('heading', { name: 'Edit Vendor', level: 1 }).waitFor();
    expect(await textbox(edit, 'Description').inputValue()).toBe('Edited by the vendor form walk');
    expect(await edit.getByRole('radio', { name: 'Inactive' }).isChecked()).toBe(true);
    expect(await lastFour.innerText()).toBe(`••••${second.slice(-4)}`);
    expect(await textbox(tokenSection, 'New token').count()).toBe(0);
    expect(await adminSection.getByTestId('vendor-admin-email').innerText()).toBe('owner@formwalk.example.com');

    // Someone else changes the vendor meanwhile: Update Vendor is refused with the server's message.
    await textbox(edit, 'Phone').fill('512-555-0199');
    expect((await callFromPage(p, 'POST', `/api/vendor/${vendorId}/token`)).status).toBe(200);
    await edit.getByRole('button', { name: 'Update Vendor' }).click();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await dialog.getByText(m.saveFailed, { exact: true }).waitFor();
    await dialog.getByText(STALE_EDIT_MESSAGE, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    // Every dialog of that name is gone: Update Vendor's confirm and outcome share it, and a busy machine fades slowly.
    await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(0);

    // Leaving with changes asks first; Yes leaves.
    await p.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Vendors', exact: true }).click();
    const leave = p.getByRole('dialog', { name: 'Leave this page?' });
    await leave.getByText('If you leave this page, your changes will not be saved.', { exact: false }).waitFor();
    await expectAxeClean(p);
    await leave.getByRole('button', { name: 'Yes' }).click();
    await p.waitForURL(/\/vendors/);
    await p.getByRole('heading', { name: 'Vendors', level: 1 }).waitFor();

    // A code another vendor has: the failure dialog, then the message on the Code field.
    await navigateInApp(p, `/vendor/edit/${vendorId}`);
    await edit.getByRole('heading', { name: 'Edit Vendor', level: 1 }).waitFor();
    await textbox(edit, 'Vendor Code').fill('ACME');
    await edit.getByRole('button', { name: 'Update Vendor' }).click();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await dialog.getByText(m.saveFailed, { exact: true }).waitFor();
    await dialog.getByText(m.duplicateCode, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    // Every dialog of that name is gone: Update Vendor's confirm and outcome share it, and a busy machine fades slowly.
    await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(0);
    await edit.getByText(m.duplicateCode, { exact: true }).waitFor();
    expect(await edit.getByRole('button', { name: 'Update Vendor' }).isDisabled()).toBe(true);
    expect(await textbox(edit, 'Vendor Code').getAttribute('aria-invalid')).toBe('true');

    // The edit page on a phone.
    await p.setViewportSize(PHONE);
    await expectNothingOverflows(p);
    await screenshot(p, 'vendor-edit-phone');
    await expectAxeClean(p);
  });
});
