// The staff Agents page (spec part 3 §2 Agents page and CSV uploads, §4, §5, §6, §8) as an admin walks
// it: the table with status, type, priority and credit line, a filter and a sort kept in the URL, the
// Manage link; the upload area with Upload disabled until a type is chosen, a template per type, a bad
// credit-limit file refused whole in the response dialog with its row-numbered messages, a good one
// applied (the table shows the new credit line), and the same file again setting the same line; axe
// on the page and the dialog; nothing wider than a 390 px phone, and every column on screen without
// scrolling the table at 1280, 1366 and 1440 px. Export to CSV runs as a job and
// downloads every agent with every column once written. A manager sees the table without the upload
// area, priority or credit line.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_AGENT_IDS } from '#core/seed/demo-users.ts';
import { agentUploadMessages } from '#shared/agent-uploads.ts';
import { auditPage, describeFindings } from '../support/axe.ts';
import { expectNothingOverflows, PHONE } from '../support/phone.ts';
import { useBrowserSession } from './browser-session.ts';
import { dataRows } from './tables.ts';
import { localStack } from './stack.ts';

const { url } = localStack();
const { signInAs, screenshot } = useBrowserSession({ fullPage: true });

async function expectAxeClean(p: Page) {
  const findings = await auditPage(p);
  expect(findings, describeFindings(findings)).toEqual([]);
}

async function openAgents(p: Page) {
  await p.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Agents', exact: true }).click();
  await p.waitForURL(/\/admin\/agent/);
  await p.getByRole('heading', { name: 'Agents', level: 1 }).waitFor();
  await dataRows(p).first().waitFor();
}

const headers = async (p: Page) => (await p.locator('table thead th').allInnerTexts()).map((t) => t.trim());

/** Sends `content` as the chosen file and clicks Upload; resolves with the response dialog. */
async function upload(p: Page, name: string, content: string) {
  await p.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
  await p.getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = p.getByRole('dialog', { name: 'CSV Upload' });
  await dialog.waitFor({ timeout: 30_000 });
  return dialog;
}

describe('Agents page', () => {
  it('lets an admin filter, sort and manage agents and upload credit limits', { timeout: 240_000 }, async () => {
    const p = await signInAs('admin');
    await openAgents(p);
    expect(await headers(p)).toEqual(['', 'Agent ID', 'First Name', 'Last Name', 'Last Login', 'Last Lead Date Time', 'Current Balance', 'Status', 'Type', 'Priority', 'Credit Line']);
    // Status and type by name; captive agents are shown as Agent (part 3 §3).
    const column = async (n: number) => (await p.locator(`table tbody tr td:nth-child(${n})`).allInnerTexts()).map((t) => t.trim());
    await expect.poll(() => column(9), { timeout: 15_000 }).toContain('Agent');
    for (const status of await column(8)) expect(['Active', 'Termed']).toContain(status);
    for (const type of await column(9)) expect(['Agent', 'Broker', 'FirstFamily']).toContain(type);

    // The last-name filter reaches the URL and the rows once typing pauses.
    await p.getByRole('textbox', { name: 'Filter by Last Name' }).fill('Broker');
    await p.waitForURL(/LastName=Broker/);
    await expect.poll(async () => (await p.locator('table tbody tr td:nth-child(4)').allInnerTexts()).every((t) => t.trim() === 'Broker')).toBe(true);
    await p.getByRole('textbox', { name: 'Filter by Last Name' }).fill('');
    await p.getByRole('button', { name: 'Credit Line' }).click();
    await p.waitForURL(/sort=CreditLine/);
    await expectAxeClean(p);

    // Upload: disabled until the type is chosen.
    expect(await p.getByRole('button', { name: 'Upload', exact: true }).isDisabled()).toBe(true);
    expect(await p.getByRole('button', { name: 'CSV file' }).isDisabled()).toBe(true);
    await p.getByRole('combobox', { name: 'Upload type' }).click();
    await p.getByRole('option', { name: 'Credit Limit' }).click();
    expect(await p.getByRole('button', { name: 'CSV file' }).isDisabled()).toBe(false);
    expect(await p.getByRole('link', { name: 'Download template' }).getAttribute('download')).toBe('creditLimit-template.csv');

    // A bad file is refused whole, each problem with its row; nothing applied.
    const broker = DEMO_AGENT_IDS.broker;
    const refused = await upload(p, 'bad-limits.csv', `AgentId,Amount\n${broker},12.345\nNO-SUCH-AGENT,10\n`);
    await refused.getByText('Unable to upload CSV').waitFor();
    await refused.getByText(/^Row 2: /).waitFor();
    await refused.getByText(`Row 3: ${agentUploadMessages.agentNotFound('NO-SUCH-AGENT')}`).waitFor();
    await expectAxeClean(p);
    await refused.getByRole('button', { name: 'Close', exact: true }).click();

    // A good file sets the credit line; the table shows it.
    const good = `AgentId,Amount\n${broker},321.00\n`;
    const applied = await upload(p, 'limits.csv', good);
    await applied.getByText('CSV uploaded successfully').waitFor();
    await applied.getByRole('link', { name: /Download the report/ }).waitFor();
    await applied.getByRole('button', { name: 'Close', exact: true }).click();
    await p.getByRole('textbox', { name: 'Filter by Agent ID' }).fill(broker);
    await p.getByRole('row', { name: new RegExp(broker) }).getByText('$321.00').waitFor();

    // The same file again sets the same line: it goes through, and the line stays as it is.
    const again = await upload(p, 'limits.csv', good);
    await again.getByText('CSV uploaded successfully').waitFor();
    await again.getByRole('button', { name: 'Close', exact: true }).click();

    // Manage opens Agent Information.
    await p.getByRole('row', { name: new RegExp(broker) }).getByRole('link', { name: 'Manage' }).click();
    await p.waitForURL(`${url}/agent/manage/${broker}`);
    await p.getByText('$321.00').waitFor();

    await p.goBack();
    await p.getByRole('heading', { name: 'Agents', level: 1 }).waitFor();
    await p.setViewportSize(PHONE);
    await expectNothingOverflows(p);
    await screenshot(p, 'agents-phone');
  });

  it('Export to CSV shows its progress, then downloads every agent with every column', { timeout: 120_000 }, async () => {
    const p = await signInAs('admin');
    await openAgents(p);
    const total = Number((await p.getByText(/^1-\d+ of \d+$/).innerText()).split(' of ')[1]);
    const download = p.waitForEvent('download', { timeout: 60_000 });
    const progress = p.getByRole('status').filter({ hasText: /^Exporting…/ }).waitFor();
    await p.getByRole('button', { name: 'Export to CSV' }).click();
    await progress;
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^Agents-\d{2}-\d{2}-\d{4}\.csv$/);
    const lines = (await readFile(await file.path(), 'utf8')).trim().split(/\r?\n/);
    expect(lines[0]).toBe('Agent ID,First Name,Last Name,Type,Status,Last Login,Last Lead Date Time,Current Balance,Priority,Credit Line,Termination Date');
    expect(lines).toHaveLength(total + 1);
    // Done: the button is back and nothing failed.
    await expect.poll(() => p.getByRole('button', { name: 'Export to CSV' }).isEnabled()).toBe(true);
    expect(await p.getByRole('alert').count()).toBe(0);
  });

  it('shows every column at laptop widths without scrolling the table: Priority and Credit Line on screen at 1440 px', { timeout: 120_000 }, async () => {
    const p = await signInAs('admin');
    await p.setViewportSize({ width: 1440, height: 900 });
    await openAgents(p);
    const rightEdgeOf = async (title: string) => {
      const box = await p.locator('table thead th').filter({ hasText: new RegExp(`^${title}$`) }).boundingBox();
      return box ? box.x + box.width : Number.POSITIVE_INFINITY;
    };
    // How far the table's own scroll area scrolls sideways (0: every column shows).
    // A string, as the other browser tests pass page code: the server's TypeScript project has no DOM types.
    const sidewaysScroll = () =>
      p.evaluate<number>(`(() => {
        const viewport = document.querySelector('table').closest('.mantine-ScrollArea-viewport');
        return viewport.scrollWidth - viewport.clientWidth;
      })()`);
    for (const width of [1440, 1366, 1280]) {
      await p.setViewportSize({ width, height: 900 });
      await expect.poll(sidewaysScroll, { timeout: 5_000 }).toBeLessThanOrEqual(0);
      for (const title of ['Priority', 'Credit Line']) expect(await rightEdgeOf(title), `${title} at ${width} px`).toBeLessThanOrEqual(width);
    }
    await screenshot(p, 'agents-1280');
  });

  it('shows a manager the table without the upload area, priority or credit line', async () => {
    const p = await signInAs('manager');
    await openAgents(p);
    expect(await p.getByRole('heading', { name: 'CSV Upload' }).count()).toBe(0);
    const h = await headers(p);
    expect(h).toContain('Status');
    expect(h).not.toContain('Priority');
    expect(h).not.toContain('Credit Line');
  });
});
