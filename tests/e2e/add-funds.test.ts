// Browser tests of Add Lead Money (spec part 1 §2.7, §4, §8): the amount form's label and messages,
// the provider's hosted form in a frame with the amount locked and Reset, a payment that raises the
// balance by its amount, one payment for each failure code of the spec's catalogue (each shown with its
// code and logged through creditfail), cancel, an invalid CVC, and the two dialogs for server trouble.
// Only this file adds money to the first-family demo agent; figures are read from the API at the time.
import type { FrameLocator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '../../infra/local/payment-sandbox.ts';
import { useBrowserSession } from './browser-session.ts';
import { meOf } from './sign-in.ts';
import { localStack } from './stack.ts';

const { url } = localStack();

/** Spec part 1 §8's card failure list, word for word (its spelling included). */
const SPEC_FAILURES: Record<string, string> = {
  decline: 'Insufficient funds on the card',
  avs: 'Address entered did not match credit card account',
  cvv: 'Security code submitted does not match the card',
  call: 'The Card must be authrorized manually over the phone',
  expiredcard: 'The card has expired',
  carderror: 'Credit card number is not valid',
  authexpired: 'Attempt to Postauth an expired Preauth',
  fraud: 'fraud score below threshold',
  blacklist: 'blacklist value triggered',
  velocity: 'velocity control triggered',
  STATUS: 'Card failed to authenticate',
  'merchantcantaccept+cc': 'This card type is not supported',
};

const APPROVED_CARD = SANDBOX_TEST_CARDS.find((c) => c.result === 'approved')!.number;
/** One sandbox card per failure answer: every single code of the catalogue, and the two-code answers. */
const FAILING_CARDS = [...new Map(SANDBOX_TEST_CARDS.filter((c) => c.result !== 'approved').map((c) => [c.result, c])).values()];

const session = useBrowserSession({ fullPage: true });
const { signInAs, screenshot } = session;

const usd = (dollars: number) => `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const cents = (dollars: number) => Math.round(dollars * 100);
const balanceOf = async (p: Page) => (await meOf(p)).Account!.CurrentBalance;

/** An expiry two years ahead, MM/YY. */
function futureExpiry(): string {
  const now = new Date();
  return `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${String((now.getUTCFullYear() + 2) % 100).padStart(2, '0')}`;
}

const amountField = (p: Page) => p.getByRole('textbox', { name: 'Limit $50 - $1000' });
const paymentFrame = (p: Page): FrameLocator => p.frameLocator('iframe[title="Card payment"]');

/** Signs the first-family agent in and opens Add Lead Money from My Account, as an agent would. */
async function openAddFunds(): Promise<Page> {
  const p = await signInAs('firstfamily');
  await p.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My Account', exact: true }).click();
  await p.getByRole('link', { name: 'Add Lead Money Via Credit Card' }).click();
  await p.getByRole('heading', { name: 'Add Lead Money' }).waitFor();
  return p;
}

/** Enters the amount and presses Next; the provider's form appears in its frame. */
async function startPayment(p: Page, amount: string) {
  await amountField(p).fill(amount);
  await p.getByRole('button', { name: 'Next' }).click();
  await paymentFrame(p).getByText(`Amount: $${Number(amount).toFixed(2)}`).waitFor();
}

async function payWith(p: Page, card: { number: string; cvc?: string; action?: 'Pay' | 'Cancel' }) {
  const frame = paymentFrame(p);
  if (card.action !== 'Cancel') {
    await frame.getByLabel('Card number').fill(card.number);
    await frame.getByLabel('Expiry (MM/YY)').fill(futureExpiry());
    await frame.getByLabel('CVC').fill(card.cvc ?? '123');
    await frame.getByLabel('Billing ZIP code').fill('60601');
  }
  await frame.getByRole('button', { name: card.action ?? 'Pay' }).click();
}

/** The bodies of the card failures the page logs through POST account/creditfail. */
function recordFailureLogs(p: Page): Request[] {
  const seen: Request[] = [];
  p.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/account/creditfail')) seen.push(request);
  });
  return seen;
}

const dialogNamed = (p: Page, title: string) => p.getByRole('dialog', { name: title });

describe('the amount form', () => {
  it("shows the label 'Limit $50 - $1000' and the spec's three messages", async () => {
    const p = await openAddFunds();
    const next = p.getByRole('button', { name: 'Next' });
    const cases: [amount: string, message: string][] = [
      ['', 'Invalid dollar amount'],
      ['fifty', 'Invalid dollar amount'],
      ['50.001', 'Invalid dollar amount'],
      ['1000.01', 'Amount cannot be greater than $1,000.00'],
      ['49.99', 'Amount cannot be less than $50.00'],
    ];
    for (const [amount, message] of cases) {
      await amountField(p).fill(amount);
      await next.click();
      await p.getByText(message, { exact: true }).waitFor();
      expect(await p.locator('iframe[title="Card payment"]').count(), `no payment for "${amount}"`).toBe(0);
    }
    await screenshot(p, 'add-funds-invalid');
  });

  it('locks the amount while the card form shows, and Reset re-enables it', async () => {
    const p = await openAddFunds();
    await startPayment(p, '60');
    expect(await amountField(p).isDisabled()).toBe(true);
    expect(await p.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    // The frame carries the order id (at most 22 characters) the pre-check made.
    const src = await p.locator('iframe[title="Card payment"]').getAttribute('src');
    const form = new URL(src!);
    expect(form.searchParams.get('amount')).toBe('60.00');
    expect(form.searchParams.get('orderid')!.length).toBeLessThanOrEqual(22);
    expect(form.searchParams.get('sessionid')).toMatch(/^LC-DEV-A000004-\d{11}$/);
    expect(form.searchParams.get('returnurl')).toBe(`${url}/addFundsCC/return`);
    expect(form.searchParams.get('avs')).toBe('y');
    expect(form.searchParams.get('cvv')).toBe('required');
    await screenshot(p, 'add-funds-frame');

    await p.getByRole('button', { name: 'Reset' }).click();
    expect(await amountField(p).isEnabled()).toBe(true);
    expect(await amountField(p).inputValue()).toBe('');
    expect(await p.locator('iframe[title="Card payment"]').count()).toBe(0);
  });
});

describe('a card payment', () => {
  it('that the provider approves raises the balance by its amount, in the header too', async () => {
    const p = await openAddFunds();
    const before = await balanceOf(p);
    await startPayment(p, '75.25');
    await payWith(p, { number: APPROVED_CARD });
    await p.getByText('Lead money added', { exact: true }).waitFor();
    const after = (cents(before) + 7_525) / 100;
    await p.getByText(`$75.25 was added to your account. Your balance is now ${usd(after)}.`, { exact: true }).waitFor();
    expect(await balanceOf(p)).toBe(after);
    await p.getByRole('banner').getByText(usd(after), { exact: true }).waitFor();
    // The form is ready for another payment.
    expect(await amountField(p).isEnabled()).toBe(true);
    await screenshot(p, 'add-funds-success');
  });

  it("that is canceled shows 'Transaction Canceled' and logs it", async () => {
    const p = await openAddFunds();
    const logs = recordFailureLogs(p);
    const before = await balanceOf(p);
    await startPayment(p, '50');
    await payWith(p, { number: '', action: 'Cancel' });
    await dialogNamed(p, 'Transaction Canceled').waitFor();
    await expect.poll(() => logs.length).toBe(1);
    expect(logs[0]!.postDataJSON()).toMatchObject({ agentId: 'A000004', error: 'Transaction Canceled' });
    expect(await balanceOf(p)).toBe(before);
  });

  it("with a CVC of the wrong length shows 'CVC Code entered is invalid' and logs it", async () => {
    const p = await openAddFunds();
    const logs = recordFailureLogs(p);
    await startPayment(p, '50');
    await payWith(p, { number: APPROVED_CARD, cvc: '12' });
    const dialog = dialogNamed(p, 'CVC Code entered is invalid');
    await dialog.getByText('Invalid CVC code entered', { exact: true }).waitFor();
    await screenshot(p, 'add-funds-invalid-cvc');
    await expect.poll(() => logs.length).toBe(1);
    expect(logs[0]!.postDataJSON()).toMatchObject({ error: 'Invalid CVC code entered' });
    // Closing the dialog leaves the amount ready for another try.
    await dialog.getByRole('button', { name: 'OK' }).click();
    expect(await amountField(p).inputValue()).toBe('50');
    expect(await amountField(p).isEnabled()).toBe(true);
  });
});

describe('each failure code of the catalogue', () => {
  let p: Page;
  let logs: Request[];

  beforeAll(async () => {
    p = await openAddFunds();
    session.page = undefined;
    logs = recordFailureLogs(p);
  });

  afterAll(async () => {
    await p?.close();
  });

  it('has a sandbox card, so every code is tried', () => {
    const single = FAILING_CARDS.flatMap((c) => c.result.split('|'));
    expect(new Set(single)).toEqual(new Set(Object.keys(SPEC_FAILURES)));
  });

  it.each(FAILING_CARDS.map((c) => [c.result, c.number] as const))(
    "'%s' shows 'Unable to charge credit card' with each message and its code, and is logged",
    async (codes, number) => {
      const before = await balanceOf(p);
      const logged = logs.length;
      await startPayment(p, '50');
      await payWith(p, { number });
      const dialog = dialogNamed(p, 'Unable to charge credit card');
      await dialog.getByText('Please verify your credit card information.', { exact: true }).waitFor();
      const items = (await dialog.getByRole('listitem').allTextContents()).map((t) => t.trim());
      expect(items).toEqual(codes.split('|').map((code) => `${SPEC_FAILURES[code]} (${code})`));
      if (codes === 'decline|avs') await screenshot(p, 'add-funds-declined');

      await expect.poll(() => logs.length).toBe(logged + 1);
      expect(logs.at(-1)!.postDataJSON()).toMatchObject({ agentId: 'A000004', error: codes, amount: '50.00' });
      expect(await balanceOf(p)).toBe(before);
      await dialog.getByRole('button', { name: 'OK' }).click();
      await dialog.waitFor({ state: 'detached' });
    },
  );
});

describe('server trouble', () => {
  it("shows 'System Unavailable' when the pre-check fails", async () => {
    const p = await openAddFunds();
    // The provider being down cannot be arranged from a browser, so its answer is simulated here.
    await p.route('**/api/account/creditDebit', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ ErrorMessages: ['System Unavailable'] }) }),
    );
    await amountField(p).fill('50');
    await p.getByRole('button', { name: 'Next' }).click();
    await dialogNamed(p, 'System Unavailable').getByText(/refresh the page and try again/).waitFor();
    expect(await p.locator('iframe[title="Card payment"]').count()).toBe(0);
    await screenshot(p, 'add-funds-system-unavailable');
  });

  it("shows 'Error Funding Account' with the amounts and the transaction id when crediting fails", async () => {
    const p = await openAddFunds();
    const logs = recordFailureLogs(p);
    await startPayment(p, '55');
    // Only the crediting call (with the provider's transid) fails; the pre-check went through for real.
    await p.route('**/api/account/creditDebit', (route) =>
      route.request().postDataJSON()?.referenceId === 'TEST' ? route.continue() : route.fulfill({ status: 500, body: '' }),
    );
    await payWith(p, { number: APPROVED_CARD });
    const dialog = dialogNamed(p, 'Error Funding Account');
    await dialog.waitFor();
    const text = (await dialog.textContent()) ?? '';
    const transid = /transaction id (sbx-[0-9a-f]+)/.exec(text)?.[1];
    expect(transid).toBeDefined();
    expect(text).toContain('amount charged $55.00, amount funded $0.00');
    await expect.poll(() => logs.length).toBe(1);
    expect(logs[0]!.postDataJSON()).toMatchObject({ error: expect.stringMatching(/^Error Funding Account/), referenceId: transid, amount: '55.00' });
    await screenshot(p, 'add-funds-funding-error');
  });
});
