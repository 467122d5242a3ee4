// The sandbox's saved cards (auto-recharge): a form payment with savecard=y mints a token the look-up
// reports, and the production adapter charges the token server to server, once per order id.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpPaymentProvider } from '../../functions/core/money/payments/http-provider.ts';
import { createPaymentSandbox, SANDBOX_TOKEN_DECLINES_CARD, type PaymentSandbox } from './payment-sandbox.ts';

const SECRET = 'sandbox-token-secret-0123456789';
const RETURN = 'http://localhost:5173/addFundsCC/return';
const SESSION = 'LC-DEV-A000002-26325100000';

describe('saved cards in the sandbox', () => {
  let sandbox: PaymentSandbox;
  let server: http.Server;
  let provider: HttpPaymentProvider;
  let stateDir: string;
  /** A sandbox as `npm start` makes one: its state kept in a file. */
  let start: () => PaymentSandbox;

  beforeAll(async () => {
    stateDir = await mkdtemp(path.join(os.tmpdir(), 'payment-sandbox-'));
    server = http.createServer((req, res) => sandbox.listener(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    start = () => createPaymentSandbox({ publicUrl: url, secret: SECRET, returnOrigins: ['http://localhost:5173'], stateFile: path.join(stateDir, 'payments', 'sandbox.json') });
    sandbox = start();
    provider = new HttpPaymentProvider({ apiUrl: sandbox.environment.PAYMENT_PROVIDER_URL, formUrl: `${sandbox.environment.PAYMENT_PROVIDER_URL}/pay`, secret: async () => SECRET });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(stateDir, { recursive: true, force: true });
  });

  /** Pays on the hosted form the adapter addresses (savecard=y), as the browser would. */
  async function payAndSave(cardnumber: string, orderId: string) {
    const formUrl = new URL(provider.hostedFormUrl({ amountCents: 5000, orderId, sessionId: SESSION, returnUrl: RETURN, saveCard: true }));
    expect(formUrl.searchParams.get('savecard')).toBe('y');
    const page = await (await fetch(formUrl)).text();
    expect(page).toContain('This card will be saved for auto-recharge.');
    const res = await fetch(`${formUrl.origin}${formUrl.pathname}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...Object.fromEntries(formUrl.searchParams), cardnumber, expiry: '12/39', cvc: '123', zip: '78701', action: 'pay' }),
    });
    const back = new URL(res.headers.get('location')!);
    const found = await provider.findTransaction(back.searchParams.get('transid')!);
    return found!;
  }

  it('mints a token for an approved form payment with savecard=y and charges it once per order id', async () => {
    const paid = await payAndSave('4111111111111111', 'LCsave1');
    expect(paid).toMatchObject({ status: 'approved', cardLast4: '1111' });
    expect(paid.cardToken).toMatch(/^tok_/);
    const charge = { cardToken: paid.cardToken!, amountCents: 7500, orderId: 'LCcharge1', sessionId: SESSION };
    const first = await provider.chargeStoredCard(charge);
    expect(first).toMatchObject({ status: 'approved', amountCents: 7500, orderId: 'LCcharge1' });
    const again = await provider.chargeStoredCard(charge);
    expect(again.transactionId).toBe(first.transactionId);
    expect(await provider.findTransaction(first.transactionId)).toMatchObject({ status: 'approved', amountCents: 7500 });
  });

  it('declines every charge of a token whose card declines later, and an unknown token as carderror', async () => {
    const paid = await payAndSave(SANDBOX_TOKEN_DECLINES_CARD, 'LCsave2');
    expect(paid.status).toBe('approved');
    expect(await provider.chargeStoredCard({ cardToken: paid.cardToken!, amountCents: 5000, orderId: 'LCcharge2', sessionId: SESSION })).toMatchObject({
      status: 'declined',
      failureCodes: ['decline'],
    });
    expect(await provider.chargeStoredCard({ cardToken: 'tok_unknown', amountCents: 5000, orderId: 'LCcharge3', sessionId: SESSION })).toMatchObject({
      status: 'declined',
      failureCodes: ['carderror'],
    });
  });

  it('mints no token without savecard', async () => {
    const formUrl = new URL(provider.hostedFormUrl({ amountCents: 5000, orderId: 'LCplain', sessionId: SESSION, returnUrl: RETURN }));
    expect(formUrl.searchParams.has('savecard')).toBe(false);
  });

  it('keeps saved cards, their charges and every transaction across a restart, and never a card number', async () => {
    const paid = await payAndSave('4111111111111111', 'LCsave4');
    const charge = { cardToken: paid.cardToken!, amountCents: 2500, orderId: 'LCcharge4', sessionId: SESSION };
    const first = await provider.chargeStoredCard(charge);
    expect(first.status).toBe('approved');
    const kept = await readFile(path.join(stateDir, 'payments', 'sandbox.json'), 'utf8');
    expect(kept).toContain(paid.cardToken!);
    expect(kept).not.toContain('4111111111111111');

    sandbox = start(); // the restart: a new sandbox on the same file
    expect(await provider.findTransaction(paid.transactionId)).toMatchObject({ status: 'approved', cardToken: paid.cardToken, cardLast4: '1111' });
    // The same order id charges nothing again; a new one charges the kept card.
    expect((await provider.chargeStoredCard(charge)).transactionId).toBe(first.transactionId);
    expect(await provider.chargeStoredCard({ ...charge, orderId: 'LCcharge5' })).toMatchObject({ status: 'approved', amountCents: 2500, cardLast4: '1111' });
  });
});
