// Price Factors (spec part 3 §2, §3, §8) as an admin walks it in one session: the seeded table 20 a
// page, the template, a bad file refused whole with its row-numbered messages shown inline (no
// dialog) and the table unchanged, a good file replacing the set through the real upload pipeline
// (presigned PUT to s3rver, the csvProcess job the local stack runs on the new object, status
// polling), the report links; axe on the page; nothing wider than a 390 px phone.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { priceFactorMessages as m } from '#shared/price-factors.ts';
import { auditPage, describeFindings } from '../support/axe.ts';
import { expectNothingOverflows, PHONE } from '../support/phone.ts';
import { useBrowserSession } from './browser-session.ts';
import { dataRows } from './tables.ts';

const { signInAs, screenshot } = useBrowserSession({ fullPage: true });


async function upload(p: Page, name: string, csv: string) {
  await p.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await p.getByRole('button', { name: 'Upload', exact: true }).click();
}

const rows = (p: Page) => dataRows(p.getByRole('table', { name: 'Price factors' }));
const firstKeys = async (p: Page) => (await rows(p).locator('td:first-child').allInnerTexts()).map((t) => t.trim());

describe('Price Factors', () => {
  it('lets an admin page the table, refuse a bad file with its rows named and replace the set with a good one', async () => {
    const p = await signInAs('admin');
    await p.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Price Factors', exact: true }).click();
    await p.waitForURL(/\/admin\/priceFactors/);
    await p.getByRole('heading', { name: 'Price Factors', level: 1 }).waitFor();

    // The seeded set: 24 factors, 20 on the first page, the rest on the second.
    await p.getByText('24 price factors').waitFor();
    expect(await rows(p).count()).toBe(20);
    for (const column of ['Key', 'Min', 'Max', 'Weight', 'Created', 'CreatedBy', 'Modified', 'ModifiedBy'])
      await p.getByRole('columnheader', { name: column, exact: true }).waitFor();
    await p.getByRole('button', { name: '2', exact: true }).click();
    await expect.poll(() => rows(p).count()).toBe(4);
    await p.waitForURL(/page=2/);

    const template = p.getByRole('link', { name: 'Download template' });
    expect(await template.getAttribute('download')).toBe('price-factors-template.csv');
    expect(decodeURIComponent((await template.getAttribute('href'))!)).toContain('Key,Min,Max,Weight');

    // A bad file: every problem listed by row, inline, and nothing changes.
    await upload(p, 'bad-factors.csv', 'Key,Min,Max,Weight\nAge,18,25,1\nAge,20,30,1\nScore,x,10,1\n,1,2,1\n');
    const failure = p.getByRole('alert').filter({ hasText: 'Unable to upload CSV' });
    await failure.waitFor({ timeout: 20_000 });
    for (const message of [m.overlap(3, 'Age', 2), m.notNumber(4, 'Min'), m.required(5, 'Key')]) await failure.getByText(message, { exact: true }).waitFor();
    expect(await failure.getByRole('link', { name: /Download the report/ }).getAttribute('href')).toContain('reports');
    expect(await p.getByRole('dialog').count()).toBe(0);
    await p.getByText('24 price factors').waitFor();
    // The browser refuses what the server would, before anything is sent.
    await p.locator('input[type="file"]').setInputFiles({ name: 'factors.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await p.getByRole('button', { name: 'Upload', exact: true }).click();
    await p.getByText('Only CSV files can be uploaded.').waitFor();

    // A good file replaces the whole set.
    await upload(p, 'factors.csv', '\uFEFFKey,Min,Max,Weight\r\nAge,18,64,1\r\nAge,65,120,1.3\r\n"Score",0,999,1\r\n');
    const success = p.getByRole('status').filter({ hasText: 'CSV uploaded successfully' });
    await success.waitFor({ timeout: 20_000 });
    await success.getByText('factors.csv: 3 rows imported.').waitFor();
    expect(await success.getByRole('link', { name: /^Download the report \(RatingFactorsReport-\d{2}-\d{2}-\d{4}\.csv\)$/ }).getAttribute('href')).toContain('reports');
    await p.getByText('3 price factors').waitFor();
    await expect.poll(() => firstKeys(p)).toEqual(['Age', 'Age', 'Score']);
    await screenshot(p, 'price-factors');

    const findings = await auditPage(p);
    expect(findings, describeFindings(findings)).toEqual([]);

    await p.setViewportSize(PHONE);
    await p.locator('[data-layout="cards"]').first().waitFor();
    await expectNothingOverflows(p);
    await screenshot(p, 'price-factors-phone');
  });
});
