// Ping History (issues 11, 12) in one browser session as the admin: the demo vendor pings Health Web
// Leads through POST /api/intake/ping (no bid table there, so each is recorded as no bid with its
// reason; one with a zip outside its state is refused and recorded too), then the report: both
// dropdowns required, the pings after the 1200 ms debounce, the export, the empty criteria text, and
// a 390 px phone. axe runs on every page (browser-session).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_VENDOR_TOKEN } from '#core/seed/vendors.ts';
import { navigateInApp } from '../support/browser.ts';
import { expectNothingOverflows, PHONE } from '../support/phone.ts';
import { ARTIFACTS, useBrowserSession } from './browser-session.ts';
import { localStack } from './stack.ts';

const { apiUrl } = localStack();
const { signInAs, screenshot } = useBrowserSession({ fullPage: true });

const CRITERIA_EMPTY = 'No results found for the selected criteria.';

async function ping(body: Record<string, string>): Promise<number> {
  const res = await fetch(`${apiUrl}/intake/ping`, {
    method: 'POST',
    headers: { authorization: `Bearer ${DEMO_VENDOR_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ CampaignCode: 'HWL', StateCode: 'IL', ZipCode: '60601', ...body }),
  });
  return res.status;
}

async function choose(p: Page, label: string, option: string) {
  await p.getByRole('combobox', { name: label, exact: true }).click();
  await p.getByRole('option', { name: option, exact: true }).click();
}

describe('Ping History', () => {
  it('lists the vendor pings of a campaign after Submit, exports them, says when none match, and fits a phone', { timeout: 60_000 }, async () => {
    const caller = `312555${String(Date.now()).slice(-4)}`;
    expect(await ping({ CallerId: caller })).toBe(200);
    expect(await ping({ CallerId: caller, ZipCode: '90210' })).toBe(400);

    const p = await signInAs('admin');
    await navigateInApp(p, '/reports/pingHistory');
    await p.getByRole('heading', { name: 'Ping History', level: 1 }).waitFor();
    const submit = p.getByRole('button', { name: 'Submit', exact: true });
    expect(await submit.isDisabled()).toBe(true);
    await choose(p, 'Campaign', 'Health Web Leads (HWL)');
    expect(await submit.isDisabled()).toBe(true);
    await choose(p, 'Vendor', 'Acme Leads (ACME)');
    await submit.click();

    const shown = `(${caller.slice(0, 3)}) ${caller.slice(3, 6)}-${caller.slice(6)}`;
    const table = p.getByRole('table', { name: 'Ping History' });
    await table.getByRole('row', { name: new RegExp(`${shown.replace(/[()]/g, '\\$&')}.*ACME.*HWL.*IL.*60601.*The campaign has no bid for this state or zip\\.`) }).waitFor();
    await table.getByRole('row', { name: /90210.*ZipCode is not a zip code of StateCode\./ }).first().waitFor();
    // Sortable headers are buttons (mantine-datatable), so the columns are read from the header row's text.
    expect((await table.locator('thead').innerText()).split(/\s*\n\s*/).filter(Boolean)).toEqual(['Timestamp', 'Caller ID', 'Bid Amount', 'Vendor Code', 'Campaign Code', 'State', 'Zip Code', 'Error Messages']);
    expect(await table.getByRole('row').nth(1).innerText()).toMatch(/\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2}:\d{2} [AP]M/);

    const [download] = await Promise.all([p.waitForEvent('download'), p.getByRole('button', { name: 'Export', exact: true }).click()]);
    expect(download.suggestedFilename()).toMatch(/^PingHistory-HWL-ACME-\d{2}-\d{2}-\d{4}\.csv$/);
    const file = path.join(ARTIFACTS, download.suggestedFilename());
    await download.saveAs(file);
    const lines = (await readFile(file, 'utf8')).trim().split(/\r?\n/);
    expect(lines[0]).toBe('Timestamp,CallerId,BidAmount,VendorCode,CampaignCode,StateCode,ZipCode,ErrorMessages');
    expect(lines.some((line) => line.includes(caller))).toBe(true);

    await choose(p, 'Vendor', 'BlueSky Marketing (BLUE)');
    await submit.click();
    await p.getByText(CRITERIA_EMPTY, { exact: true }).waitFor();

    await choose(p, 'Vendor', 'Acme Leads (ACME)');
    await submit.click();
    await p.setViewportSize(PHONE);
    await p.getByText(shown).first().waitFor();
    await expectNothingOverflows(p);
    await screenshot(p, 'ping-history-phone');
  });
});
