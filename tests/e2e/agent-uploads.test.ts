// The Agents page's transaction and lead reimbursement uploads (spec part 3 §2 "CSV uploads", §4, §8)
// as an admin sends them through the real pipeline (presigned PUT to s3rver, the csvProcess job the
// local stack runs, status polling): the upload type picked again keeps itself and the file picked; a
// bad transaction file refused whole in the response dialog with its row-numbered message and no money
// moved; a good one applied (a credit and a debit by their types); the same file again reported as
// already applied with nothing moved; a reimbursement file applied once the same way; axe on the
// dialogs. (Credit limits: tests/e2e/agents-page.test.ts.)
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_AGENT_IDS } from '#core/seed/demo-users.ts';
import { agentUploadMessages as m } from '#shared/agent-uploads.ts';
import { auditPage, describeFindings } from '../support/axe.ts';
import { useBrowserSession } from './browser-session.ts';

const { signInAs } = useBrowserSession();

async function expectAxeClean(p: Page) {
  const findings = await auditPage(p);
  expect(findings, describeFindings(findings)).toEqual([]);
}

/** The agent's balance as the API tells the signed-in admin. */
const balanceOf = (p: Page, agentId: string) =>
  p.evaluate(async (id) => ((await (await fetch(`/api/agent/${id}`)).json()) as { CurrentBalance: number }).CurrentBalance, agentId);

async function chooseType(p: Page, label: string) {
  await p.getByRole('combobox', { name: 'Upload type' }).click();
  await p.getByRole('option', { name: label, exact: true }).click();
}

/** Sends `content` and waits for the response dialog; returns its text once it is closed. */
async function upload(p: Page, name: string, content: string): Promise<string> {
  await p.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
  await p.getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = p.getByRole('dialog', { name: 'CSV Upload' });
  await dialog.getByText(/CSV uploaded successfully|Unable to upload CSV/).waitFor({ timeout: 30_000 });
  await expectAxeClean(p);
  const text = await dialog.innerText();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  return text;
}

describe('Agent uploads', () => {
  it('applies transaction and reimbursement files once each, and refuses a bad file whole', { timeout: 180_000 }, async () => {
    const p = await signInAs('admin');
    await p.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Agents', exact: true }).click();
    await p.getByRole('heading', { name: 'CSV Upload' }).waitFor();
    const agent = DEMO_AGENT_IDS.firstFamily;
    const start = await balanceOf(p, agent);

    await chooseType(p, 'Transaction');
    const columns = p.getByText('Columns: TransactionID, AgentCode, Amount, Description, TransactionType');
    expect(await columns.count()).toBe(1);
    const header = 'TransactionID,AgentCode,Amount,Description,TransactionType';
    // Picking the chosen type again keeps it and the file picked for it (issue 19, item 12).
    await p.locator('input[type="file"]').setInputFiles({ name: 'picked.csv', mimeType: 'text/csv', buffer: Buffer.from(`${header}\n`) });
    await p.getByText('picked.csv', { exact: true }).waitFor();
    await chooseType(p, 'Transaction');
    expect(await p.getByRole('combobox', { name: 'Upload type' }).inputValue()).toBe('Transaction');
    expect(await columns.count()).toBe(1);
    expect(await p.getByText('picked.csv', { exact: true }).count()).toBe(1);
    expect(await p.getByRole('button', { name: 'Upload', exact: true }).isEnabled()).toBe(true);
    const bad = await upload(p, 'bad-transactions.csv', `${header}\nTX-E2E-BAD-1,${agent},10.00,Match,CompanyMatch\nTX-E2E-BAD-2,${agent},5.00,Refund,Refund\n`);
    expect(bad).toContain('Unable to upload CSV');
    expect(bad).toContain(m.atRow(3, m.transactionType));
    expect(await balanceOf(p, agent)).toBe(start);

    const good = `${header}\nTX-E2E-1,${agent},25.00,November match,CompanyMatch\nTX-E2E-2,${agent},5.00,Click to call,ClickToCall\n`;
    const applied = await upload(p, 'transactions.csv', good);
    expect(applied).toContain('CSV uploaded successfully');
    expect(applied).toContain('transactions.csv: 2 rows imported.');
    expect(await balanceOf(p, agent)).toBeCloseTo(start + 20, 2);

    const again = await upload(p, 'transactions.csv', good);
    expect(again).toContain('0 rows imported, 2 rows already applied by an earlier upload (nothing moved for them).');
    expect(await balanceOf(p, agent)).toBeCloseTo(start + 20, 2);

    await chooseType(p, 'Lead Reimbursement');
    const reimburse = `Code,AgentId,Amount,Description\nR-E2E-1,${agent},12.50,Lead 424242\n`;
    expect(await upload(p, 'reimburse.csv', reimburse)).toContain('reimburse.csv: 1 row imported.');
    expect(await balanceOf(p, agent)).toBeCloseTo(start + 32.5, 2);
    expect(await upload(p, 'reimburse.csv', reimburse)).toContain('1 row already applied by an earlier upload');
    expect(await balanceOf(p, agent)).toBeCloseTo(start + 32.5, 2);
  });
});
