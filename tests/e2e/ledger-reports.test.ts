// Browser tests of the ledger reports (part 3 §2, §8, §9) as an admin runs them: Account Summary over
// the last 7 days with money as $1,234.50, an agent filter that matches nothing showing the empty
// text, CSV Export run as a job with its progress and downloaded as AccountSummary-MM-DD-YYYY.csv;
// an Account Summary period without ledger activity showing 'No results found for the selected date
// period.' and no agents; Transaction History with '{n} transaction(s) found', dates MM/DD/YYYY, its
// export, and a period without entries showing the same text; axe and a 390 px phone.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { auditPage, describeFindings } from '../support/axe.ts';
import { navigateInApp } from '../support/browser.ts';
import { expectNothingOverflows, PHONE } from '../support/phone.ts';
import { useBrowserSession } from './browser-session.ts';
import { dataRows } from './tables.ts';

const { signInAs, screenshot } = useBrowserSession({ fullPage: true });

const EMPTY_PERIOD = 'No results found for the selected date period.';
const MONEY = /^-?\$\d{1,3}(,\d{3})*\.\d{2}$/;

async function expectAxeClean(p: Page) {
  const findings = await auditPage(p);
  expect(findings, describeFindings(findings)).toEqual([]);
}

/** Clicks the export button and resolves with the downloaded file's name and lines. */
async function exportFile(p: Page, button: string): Promise<{ name: string; lines: string[] }> {
  const download = p.waitForEvent('download', { timeout: 60_000 });
  await p.getByRole('button', { name: button, exact: true }).click();
  const file = await download;
  return { name: file.suggestedFilename(), lines: (await readFile(await file.path(), 'utf8')).trim().split(/\r?\n/) };
}

/** Types a period into the report's date fields as MM/DD/YYYY and submits it. */
/** The Account Summary's own table (a date picker's month is a table too, and may still be closing). */
const accountSummaryTable = (p: Page) => p.locator('table').filter({ has: p.getByRole('columnheader', { name: 'Ending Balance' }) });

async function submitPeriod(p: Page, start: string, end: string) {
  for (const [label, day] of [['Start Date', start], ['End Date', end]] as const) {
    await p.getByRole('textbox', { name: label }).fill(day);
    await p.getByRole('textbox', { name: label }).press('Tab');
  }
  await p.getByRole('button', { name: 'Submit', exact: true }).click();
}

describe('Ledger reports', () => {
  it('Account Summary: the agents with their balances, an empty filter, and the CSV export', { timeout: 120_000 }, async () => {
    const p = await signInAs('admin');
    await navigateInApp(p, '/reports/accountSummary');
    await p.getByRole('heading', { name: 'Account Summary', level: 1 }).waitFor();
    await p.getByRole('button', { name: 'Submit', exact: true }).click();
    await p.waitForURL(/from=\d{4}-\d{2}-\d{2}/);
    await dataRows(accountSummaryTable(p)).first().waitFor();
    const balances = (await accountSummaryTable(p).locator('tbody tr td:nth-child(6)').allInnerTexts()).map((t) => t.trim());
    expect(balances.length).toBeGreaterThan(0);
    for (const b of balances) expect(b).toMatch(MONEY);
    await expectAxeClean(p);

    const { name, lines } = await exportFile(p, 'CSV Export');
    expect(name).toMatch(/^AccountSummary-\d{2}-\d{2}-\d{4}\.csv$/);
    expect(lines[0]!.startsWith('AgentId,FirstName,LastName,Status,StartingBalance,EndingBalance')).toBe(true);
    expect(lines.length).toBeGreaterThan(1);

    await p.getByRole('textbox', { name: 'Filter by Agent ID' }).fill('NO-SUCH-AGENT');
    await p.getByText(EMPTY_PERIOD).waitFor();
  });

  it("Account Summary: a period without ledger activity says 'No results found for the selected date period.' and lists no agents", { timeout: 90_000 }, async () => {
    const p = await signInAs('admin');
    await navigateInApp(p, '/reports/accountSummary');
    await p.getByRole('heading', { name: 'Account Summary', level: 1 }).waitFor();

    await submitPeriod(p, '01/01/2001', '01/05/2001');

    await p.waitForURL(/from=2001-01-01&to=2001-01-05|to=2001-01-05.*from=2001-01-01/);
    await p.getByText(EMPTY_PERIOD).waitFor({ timeout: 20_000 });
    expect(await accountSummaryTable(p).locator('tbody tr td:nth-child(6)').count()).toBe(0);
    await screenshot(p, 'account-summary-empty-period');
  });

  it('Transaction History: the count line, dates MM/DD/YYYY, the export, an empty period, and a phone', { timeout: 120_000 }, async () => {
    const p = await signInAs('admin');
    await navigateInApp(p, '/reports/transactionHistory');
    await p.getByRole('heading', { name: 'Transaction History', level: 1 }).waitFor();
    await p.getByRole('button', { name: 'Submit', exact: true }).click();
    const count = p.getByText(/^[\d,]+ transaction\(s\) found$/);
    await count.waitFor();
    const times = (await p.locator('table tbody tr td:nth-child(6)').allInnerTexts()).map((t) => t.trim());
    expect(times.length).toBeGreaterThan(0);
    for (const t of times) expect(t).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2}:\d{2} [AP]M$/);
    await expectAxeClean(p);

    const total = Number((await count.innerText()).split(' ')[0]!.replace(/,/g, ''));
    const { name, lines } = await exportFile(p, 'Export');
    expect(name).toMatch(/^TransactionHistory-\d{2}-\d{2}-\d{4}\.csv$/);
    expect(lines).toHaveLength(total + 1);

    // A period long before any ledger entry, typed as MM/DD/YYYY.
    await submitPeriod(p, '01/01/2001', '01/05/2001');
    await p.waitForURL(/from=2001-01-01&to=2001-01-05|to=2001-01-05.*from=2001-01-01/);
    await p.getByText(EMPTY_PERIOD).waitFor();

    await p.setViewportSize(PHONE);
    await expectNothingOverflows(p);
    await screenshot(p, 'transaction-history-phone');
  });
});
