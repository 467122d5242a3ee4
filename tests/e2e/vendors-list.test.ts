// Vendors list (spec part 3 §2, §4, §6, §7, §9) as an admin walks it in one session: the table 10 a
// page with page 2, a Vendor Name filter and a sort kept in the URL, the Active toggle's confirm
// ('Are you sure you want to continue?', No then Yes) and the row updated once the call succeeded,
// the Assigned Campaigns and View Details dialogs, New Vendor and Edit behind their permissions; axe
// on the page and the dialogs; nothing wider than a 390 px phone. Then a manager (CAN_VIEW_VENDORS
// only) sees the dialogs but no toggle, Edit or New Vendor, and the server refuses the toggle.
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VENDOR_MESSAGES } from '#shared/vendors.ts';
import { auditPage, describeFindings } from '../support/axe.ts';
import { expectNothingOverflows, PHONE } from '../support/phone.ts';
import { useBrowserSession } from './browser-session.ts';
import { dataRows } from './tables.ts';

const { signInAs, screenshot } = useBrowserSession({ fullPage: true });

/** Eight vendors of this walk, so the table has a second page whatever else the run created. */
const PAGER = Array.from({ length: 8 }, (_, i) => ({ name: `Pager Vendor 0${i + 1}`, code: `PGV0${i + 1}` }));

const table = (p: Page) => p.getByRole('table', { name: 'Vendors' });
const rows = (p: Page) => dataRows(table(p));
const names = async (p: Page) => (await rows(p).locator('td:nth-child(3)').allInnerTexts()).map((t) => t.trim());
const tableAnswer = (p: Page) => p.waitForResponse((r: Response) => r.url().includes('/api/VendorTable') && r.request().method() === 'GET');

/** Calls the API from the page, as the signed-in user (same origin, the session cookie). */
async function callFromPage(p: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  return p.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
      return { status: res.status, json: await res.json().catch(() => null) };
    },
    { method, path, body },
  );
}

async function openVendors(p: Page) {
  await p.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Vendors', exact: true }).click();
  await p.waitForURL(/\/vendors/);
  await p.getByRole('heading', { name: 'Vendors', level: 1 }).waitFor();
  await rows(p).first().waitFor();
}

async function expectAxeClean(p: Page) {
  const findings = await auditPage(p);
  expect(findings, describeFindings(findings)).toEqual([]);
}

describe('Vendors list', () => {
  it('lets an admin page, filter and sort the vendors, toggle one with its confirm and open both dialogs', async () => {
    const p = await signInAs('admin');
    const ids: Record<string, string> = {};
    for (const v of PAGER) {
      const created = await callFromPage(p, 'POST', '/api/vendor', {
        Name: v.name,
        Code: v.code,
        VendorContact: { AddressLine1: '1 Main St', City: 'Austin', State: 'TX', Zip: '78701' },
      });
      expect(created.status).toBe(200);
      ids[v.name] = (created.json as { VendorId: string }).VendorId;
    }

    await openVendors(p);
    // Sortable headers are buttons (mantine-datatable); the dialog columns have no title.
    expect((await table(p).locator('thead th').allInnerTexts()).map((t) => t.trim())).toEqual(['Active', '', 'Vendor Name', 'Code', '', 'Created By', 'Created Date', '']);
    expect(await p.getByRole('link', { name: 'New Vendor' }).getAttribute('href')).toBe('/vendor/new');

    // The table fits a 1280 px screen beside the drawer: no sideways scrolling.
    const viewport = p.locator('.mantine-datatable .mantine-ScrollArea-viewport').first();
    expect(await viewport.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);

    // Page 1: ten rows by name; page 2: the rest.
    expect(await rows(p).count()).toBe(10);
    const firstPage = await names(p);
    expect(firstPage).toEqual([...firstPage].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    expect(firstPage).toContain('Acme Leads');
    const total = Number(/of (\d+)/.exec(await p.getByText(/^1-10 of \d+$/).innerText())![1]);
    expect(total).toBeGreaterThanOrEqual(13);
    const secondAnswer = tableAnswer(p);
    await p.getByRole('button', { name: '2', exact: true }).click();
    await secondAnswer;
    await p.waitForURL(/page=2/);
    await expect.poll(() => rows(p).count()).toBe(Math.min(10, total - 10));
    expect((await names(p)).some((n) => firstPage.includes(n))).toBe(false);

    // A filter: applied after typing pauses, back to page 1, in the URL.
    await p.getByRole('textbox', { name: 'Filter by Vendor Name' }).fill('pager vendor');
    await p.waitForURL((u) => u.searchParams.get('Name') === 'pager vendor' && u.searchParams.get('page') !== '2');
    await expect.poll(() => names(p)).toEqual(PAGER.map((v) => v.name));
    await p.getByText('1-8 of 8', { exact: true }).waitFor();

    // A sort: Vendor Name again turns the order round.
    const sorted = tableAnswer(p);
    await table(p).getByRole('button', { name: 'Vendor Name' }).click();
    await sorted;
    await p.waitForURL((u) => u.searchParams.get('desc') === 'true' && u.searchParams.get('sort') === 'Name');
    await expect.poll(() => names(p)).toEqual(PAGER.map((v) => v.name).reverse());

    // The Active toggle asks first; No changes nothing, Yes deactivates and the row follows the answer.
    const target = 'Pager Vendor 08';
    const toggle = p.getByRole('switch', { name: `${target} active` });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click({ force: true });
    let confirm = p.getByRole('dialog', { name: `Deactivate ${target}` });
    await confirm.getByText(VENDOR_MESSAGES.toggleConfirm, { exact: true }).waitFor();
    await expectAxeClean(p);
    await confirm.getByRole('button', { name: 'No' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await toggle.isChecked()).toBe(true);

    await toggle.click({ force: true });
    confirm = p.getByRole('dialog', { name: `Deactivate ${target}` });
    const inactive = p.waitForResponse((r) => r.url().endsWith(`/api/vendor/${ids[target]}/Inactive`));
    await confirm.getByRole('button', { name: 'Yes' }).click();
    expect((await inactive).status()).toBe(200);
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => toggle.isChecked()).toBe(false);
    expect(((await callFromPage(p, 'GET', `/api/vendor/${ids[target]}`)).json as { Status: number }).Status).toBe(0);

    // Edit links lead to the vendor's edit page.
    expect(await p.getByRole('link', { name: `Edit ${target}` }).getAttribute('href')).toBe(`/vendor/edit/${ids[target]}`);

    // A vendor with no campaigns says so.
    await p.getByRole('button', { name: `Assigned Campaigns of ${target}` }).click();
    let dialog = p.getByRole('dialog', { name: 'Assigned Campaigns' });
    await dialog.getByText('No campaigns assigned.').waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Acme Leads: its three campaigns with the vendor's prices, and its details.
    await p.getByRole('textbox', { name: 'Filter by Vendor Name' }).fill('acme');
    await p.waitForURL((u) => u.searchParams.get('Name') === 'acme');
    // Other browser tests of the run may add vendors: only the seeded one matters here.
    await expect.poll(() => names(p)).toContain('Acme Leads');
    await p.getByRole('button', { name: 'Assigned Campaigns of Acme Leads' }).click();
    dialog = p.getByRole('dialog', { name: 'Assigned Campaigns' });
    const campaigns = dialog.getByRole('table', { name: 'Campaigns assigned to Acme Leads' });
    for (const name of ['Health Web Leads', 'Medicare Inbound', 'Supplemental Direct']) await campaigns.getByRole('cell', { name, exact: true }).waitFor();
    await campaigns.getByRole('cell', { name: '$12.00', exact: true }).waitFor();
    await expectAxeClean(p);
    await screenshot(p, 'vendors-assigned-campaigns');
    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await p.getByRole('button', { name: 'View Details of Acme Leads' }).click();
    dialog = p.getByRole('dialog', { name: 'Vendor Details' });
    for (const text of ['ACME', 'Dana Whitfield', 'Austin', '400 Congress Ave, Suite 1200', 'Phone number is disconnected or wrong'])
      await dialog.getByRole('cell', { name: text, exact: true }).waitFor();
    // The lead API's limit, from the vendor's details (another test may have changed it: any whole number).
    await dialog.getByRole('row', { name: /^Posts per Minute [\d,]+$/ }).waitFor();
    await expectAxeClean(p);
    await screenshot(p, 'vendors-details');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    await expectAxeClean(p);
    await screenshot(p, 'vendors');

    // A phone: cards, nothing off the screen, and the dialogs fit too.
    await p.setViewportSize(PHONE);
    await p.locator('[data-layout="cards"]').first().waitFor();
    await expectNothingOverflows(p);
    await p.getByRole('button', { name: 'View Details of Acme Leads' }).click();
    await p.getByRole('dialog', { name: 'Vendor Details' }).getByRole('cell', { name: 'Dana Whitfield' }).waitFor();
    await expectNothingOverflows(p);
    await p.getByRole('dialog', { name: 'Vendor Details' }).getByRole('button', { name: 'Close', exact: true }).click();
    await p.getByRole('button', { name: 'Assigned Campaigns of Acme Leads' }).click();
    await p.getByRole('dialog', { name: 'Assigned Campaigns' }).getByText('Health Web Leads').waitFor();
    await expectNothingOverflows(p);
    await screenshot(p, 'vendors-phone');
  });

  it('shows a manager the vendors and both dialogs, but no toggle, Edit or New Vendor, and the server refuses the toggle', async () => {
    const p = await signInAs('manager');
    await openVendors(p);
    expect(await p.getByRole('switch').count()).toBe(0);
    expect(await p.getByRole('link', { name: 'New Vendor' }).count()).toBe(0);
    expect(await p.getByRole('link', { name: /^Edit / }).count()).toBe(0);
    await p.getByRole('button', { name: 'View Details of Acme Leads' }).click();
    await p.getByRole('dialog', { name: 'Vendor Details' }).getByRole('cell', { name: 'Dana Whitfield' }).waitFor();
    await p.getByRole('dialog', { name: 'Vendor Details' }).getByRole('button', { name: 'Close', exact: true }).click();
    const acme = (await callFromPage(p, 'GET', '/api/vendor/names')).json as { VendorId: string; Name: string }[];
    const acmeId = acme.find((v) => v.Name === 'Acme Leads')!.VendorId;
    expect((await callFromPage(p, 'POST', `/api/vendor/${acmeId}/Inactive`)).status).toBe(403);
  });
});
