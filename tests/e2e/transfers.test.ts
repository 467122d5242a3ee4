// Browser tests of the transfer dialog (spec part 1 §4, §5, §8): the amount keystroke filter, every
// validation message, the agent search's 3-character threshold, a confirmed transfer that moves the
// money (the header balance follows), a point-and-click transfer, and a transfer the server refuses,
// which shows the spec's failure text and takes nothing. Only this file moves the broker demo agent's
// money; every figure is read from the API at the time, so other files' changes cannot break it.
import type { Locator, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_AGENT_IDS } from '#core/seed/demo-users.ts';
import { useBrowserSession } from './browser-session.ts';
import { meOf } from './sign-in.ts';
import { localStack } from './stack.ts';

const { url } = localStack();
const SENDER = DEMO_AGENT_IDS.broker;

const FAILED = 'Sorry, unable to process balance transfer at this time. No money has been taken out of your account.';

const { signInAs, screenshot } = useBrowserSession();

/** The spec's money display, written out here rather than taken from the app. */
const usd = (dollars: number) => `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const cents = (dollars: number) => Math.round(dollars * 100);
const dollars = (c: number) => (c / 100).toFixed(2);

interface Recipient {
  AgentId: string;
  FirstName: string;
  LastName: string;
}

/** An active generated agent (not a demo one) to receive the money: nobody else watches its balance. */
async function someReceiver(p: Page): Promise<Recipient> {
  const answer = await p.request.get(`${url}/api/accounts?limit=20`);
  expect(answer.status()).toBe(200);
  const demo = new Set<string>(Object.values(DEMO_AGENT_IDS));
  const receiver = ((await answer.json()) as Recipient[]).find((r) => !demo.has(r.AgentId));
  if (!receiver) throw new Error('No generated agent to send money to');
  return receiver;
}

const balanceOf = async (p: Page) => (await meOf(p)).Account!.CurrentBalance;
const headerShows = (p: Page, dollarsShown: number) => p.getByRole('banner').getByText(usd(dollarsShown), { exact: true }).waitFor();

/** Signs the broker in, opens My Account and the transfer dialog of the chosen menu item. */
async function openTransfer(item: 'To Another Agent' | 'To Point and Click'): Promise<{ p: Page; dialog: Locator }> {
  const p = await signInAs('broker');
  await p.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My Account', exact: true }).click();
  await p.getByRole('button', { name: 'Transfer Lead Money' }).click();
  await p.getByRole('menuitem', { name: item }).click();
  const dialog = p.getByRole('dialog', { name: item === 'To Another Agent' ? 'Transfer Lead Money To Another Agent' : 'Transfer Lead Money To Point and Click' });
  await dialog.waitFor();
  return { p, dialog };
}

const amountField = (dialog: Locator) => dialog.getByRole('textbox', { name: 'Amount' });
const receiverField = (dialog: Locator) => dialog.getByLabel('Receiving Agent', { exact: true });
const optionLabel = (r: Recipient) => `${r.FirstName} ${r.LastName} (${r.AgentId})`;

async function typeAmount(dialog: Locator, text: string) {
  await amountField(dialog).fill('');
  await amountField(dialog).pressSequentially(text);
}

async function chooseReceiver(p: Page, dialog: Locator, receiver: Recipient) {
  // "Last First" narrows the search to this agent's name among the many sharing a last name.
  await receiverField(dialog).pressSequentially(`${receiver.LastName} ${receiver.FirstName}`);
  await p.getByRole('option', { name: optionLabel(receiver) }).click();
}

/** Every transfer call the page makes, with its Idempotency-Key. */
function recordTransfers(p: Page): Request[] {
  const seen: Request[] = [];
  p.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/agent\/[^/]+\/(agentTransfer|pointAndClickTransfer)/.test(request.url())) seen.push(request);
  });
  return seen;
}

describe('the transfer dialog', () => {
  it('lets only digits and a point with two decimals into the amount, at most 8 characters and no leading zero', async () => {
    const { dialog } = await openTransfer('To Another Agent');
    const cases: [typed: string, kept: string][] = [
      ['0', ''],
      ['012', '12'],
      ['12.345', '12.34'],
      ['123456789', '12345678'],
      ['1a2b', '12'],
      ['-5', '5'],
    ];
    for (const [typed, kept] of cases) {
      await typeAmount(dialog, typed);
      expect(await amountField(dialog).inputValue(), `typing ${typed}`).toBe(kept);
    }
  });

  it('shows every validation message of the spec', async () => {
    const { p, dialog } = await openTransfer('To Another Agent');
    const balance = await balanceOf(p);
    // The balance message needs a balance the $1,000 limit does not already cover.
    expect(balance).toBeLessThan(1_000);
    const send = dialog.getByRole('button', { name: 'Send' });
    const message = (text: string) => dialog.getByText(text, { exact: true });

    await send.click();
    await message('Amount is required.').waitFor();
    await message('Receiving agent is required.').waitFor();
    await screenshot(p, 'transfer-required');

    await typeAmount(dialog, '9.99');
    await send.click();
    await message('Amount cannot be less than $10.00').waitFor();

    await typeAmount(dialog, '1000.01');
    await send.click();
    await message('Amount cannot be greater than $1000.00').waitFor();

    await typeAmount(dialog, dollars(cents(balance) + 1));
    await send.click();
    await message('Amount cannot be greater than your current balance').waitFor();
    expect(await message('Amount is required.').count()).toBe(0);
  });

  it('searches agents only from 3 typed characters on, ignoring case', async () => {
    const { p, dialog } = await openTransfer('To Another Agent');
    const receiver = await someReceiver(p);
    await receiverField(dialog).pressSequentially(receiver.LastName.slice(0, 2).toLowerCase());
    await p.getByText('Type at least 3 characters', { exact: true }).waitFor();
    expect(await p.getByRole('option').count()).toBe(0);

    await receiverField(dialog).pressSequentially(receiver.LastName.slice(2, 3).toLowerCase());
    await p.getByRole('option').first().waitFor();
    const shown = await p.getByRole('option').allTextContents();
    const prefix = receiver.LastName.slice(0, 3).toLowerCase();
    expect(shown.length).toBeGreaterThan(0);
    // Three letters match exactly (no slips), by first or last name.
    for (const label of shown)
      expect(
        label.split(' (')[0]!.split(' ').some((name) => name.toLowerCase().startsWith(prefix)),
        label,
      ).toBe(true);
  });
});

describe('a confirmed transfer', () => {
  it("asks 'Send $… to …?', moves the money with one Idempotency-Key and updates the header balance", async () => {
    const { p, dialog } = await openTransfer('To Another Agent');
    const requests = recordTransfers(p);
    const before = await balanceOf(p);
    const receiver = await someReceiver(p);

    await typeAmount(dialog, '12.34');
    await chooseReceiver(p, dialog, receiver);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText(`Send $12.34 to ${receiver.FirstName} ${receiver.LastName}?`, { exact: true }).waitFor();
    await screenshot(p, 'transfer-confirm');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('Funds transferred successfully', { exact: true }).waitFor();

    const after = cents(before) - 1_234;
    expect(cents(await balanceOf(p))).toBe(after);
    await headerShows(p, after / 100);
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]!.url()).pathname).toBe(`/api/agent/${SENDER}/agentTransfer/${receiver.AgentId}`);
    expect(new URL(requests[0]!.url()).searchParams.get('amount')).toBe('12.34');
    expect(requests[0]!.headers()['idempotency-key']).toMatch(/^[\w.:-]{1,100}$/);
    await screenshot(p, 'transfer-success');

    // My Account shows the new ledger row at once.
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await p.getByRole('cell', { name: `Transfer from Bianca Broker (${SENDER}) to ${receiver.FirstName} ${receiver.LastName} (${receiver.AgentId})` }).waitFor();
  });

  it('moves money to point-and-click without a receiving agent', async () => {
    const { p, dialog } = await openTransfer('To Point and Click');
    const before = await balanceOf(p);
    expect(await receiverField(dialog).count()).toBe(0);
    await typeAmount(dialog, '10');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Send $10.00 to Point and Click?', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('Funds transferred successfully', { exact: true }).waitFor();
    await headerShows(p, (cents(before) - 1_000) / 100);
  });
});

describe('a transfer the server refuses', () => {
  it('shows the failure text, takes no money, and retries with the same Idempotency-Key', async () => {
    const { p, dialog } = await openTransfer('To Another Agent');
    const requests = recordTransfers(p);
    const shownBalance = await balanceOf(p);
    const receiver = await someReceiver(p);

    // The whole balance the screen knows of: the browser's own checks pass.
    const amount = Math.min(cents(shownBalance), 100_000);
    await typeAmount(dialog, dollars(amount));
    await chooseReceiver(p, dialog, receiver);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText(/^Send \$[\d,.]+ to /).waitFor();

    // Meanwhile the account spends money elsewhere (another tab), so the server must refuse.
    let spent = cents(shownBalance) - amount + 1_000;
    while (spent > 0) {
      const part = Math.min(spent, 100_000);
      const answer = await p.request.post(`${url}/api/agent/${SENDER}/agentTransfer/${receiver.AgentId}?amount=${dollars(part)}`, {
        headers: { origin: url },
      });
      expect(answer.status()).toBe(201);
      spent -= part;
    }
    const real = await balanceOf(p);

    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText(FAILED, { exact: true }).waitFor();
    await screenshot(p, 'transfer-refused');
    expect(await balanceOf(p)).toBe(real);

    const [retried] = await Promise.all([
      p.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/agentTransfer/')),
      dialog.getByRole('button', { name: 'Try Again' }).click(),
    ]);
    expect(retried.status()).toBe(400);
    await dialog.getByText(FAILED, { exact: true }).waitFor();
    expect(requests).toHaveLength(2);
    expect(requests[1]!.headers()['idempotency-key']).toBe(requests[0]!.headers()['idempotency-key']);
    expect(await balanceOf(p)).toBe(real);
  });
});
