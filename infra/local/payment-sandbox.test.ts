// The sandbox card provider: its decisions per test card, and its HTTP side as the browser and the
// portal use it (form, submit and return, look-up, signed notification).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_FAILURE_CODES } from '#shared/card.ts';
import { isSignatureValid, notificationSchema } from '../../functions/core/money/payments/protocol.ts';
import { createPaymentSandbox, decidePayment, luhnValid, SANDBOX_TEST_CARDS, type PaymentSandbox } from './payment-sandbox.ts';
import { REPO_ROOT } from './settings.ts';

const NOW = new Date('2026-11-21T12:00:00Z');
const entry = (cardNumber: string, over: Partial<{ expiry: string; cvc: string; zip: string }> = {}) => ({
  cardNumber,
  expiry: '12/29',
  cvc: cardNumber.startsWith('37') ? '1234' : '123',
  zip: '78701',
  ...over,
});

describe('decidePayment', () => {
  it('has a documented test card for every failure code of the catalogue, and each produces its code', () => {
    for (const code of CARD_FAILURE_CODES) {
      const card = SANDBOX_TEST_CARDS.find((c) => c.result === code);
      expect(card, code).toBeDefined();
      expect(decidePayment(entry(card!.number), NOW)).toEqual({ status: 'declined', codes: code });
    }
  });

  it('approves the success cards and answers several codes at once for the combined cards', () => {
    for (const card of SANDBOX_TEST_CARDS) {
      expect(luhnValid(card.number), card.number).toBe(true);
      const expected = card.result === 'approved' ? { status: 'approved' } : { status: 'declined', codes: card.result };
      expect(decidePayment(entry(card.number), NOW)).toEqual(expected);
    }
    expect(SANDBOX_TEST_CARDS.some((c) => c.result.includes('|'))).toBe(true);
  });

  it('declines a number with a wrong check digit as carderror, a past expiry as expiredcard, a bad zip as avs', () => {
    expect(decidePayment(entry('4111111111111112'), NOW)).toEqual({ status: 'declined', codes: 'carderror' });
    expect(decidePayment(entry('4111111111111111', { expiry: '10/26' }), NOW)).toEqual({ status: 'declined', codes: 'expiredcard' });
    expect(decidePayment(entry('4111111111111111', { expiry: '11/26' }), NOW)).toEqual({ status: 'approved' });
    expect(decidePayment(entry('4111111111111111', { zip: '7870' }), NOW)).toEqual({ status: 'declined', codes: 'avs' });
  });

  it('answers invalidcvc for a CVC of the wrong length for the card type', () => {
    expect(decidePayment(entry('4111111111111111', { cvc: '12' }), NOW)).toEqual({ status: 'invalidcvc' });
    expect(decidePayment(entry('378282246310005', { cvc: '123' }), NOW)).toEqual({ status: 'invalidcvc' });
  });

  it('lists every test card in docs/payments.md', () => {
    const docs = readFileSync(path.join(REPO_ROOT, 'docs/payments.md'), 'utf8').replace(/ /g, '');
    for (const card of SANDBOX_TEST_CARDS) expect(docs, card.number).toContain(card.number);
  });
});

describe('the sandbox over HTTP', () => {
  const SECRET = 'sandbox-test-secret-0123456789';
  const RETURN = 'http://localhost:5173/addFundsCC/return';
  const notifications: { body: unknown; signature: string | undefined }[] = [];
  let sandbox: PaymentSandbox;
  let server: http.Server;
  let notifyServer: http.Server;
  let base: string;

  const listen = async (s: http.Server) => {
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  };

  beforeAll(async () => {
    notifyServer = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        notifications.push({ body: JSON.parse(raw), signature: req.headers['x-payment-signature'] as string | undefined });
        res.end('{}');
      });
    });
    const notifyUrl = `${await listen(notifyServer)}/api/payments/notify`;
    server = http.createServer((req, res) => sandbox.listener(req, res));
    const url = await listen(server);
    sandbox = createPaymentSandbox({ publicUrl: url, secret: SECRET, returnOrigins: ['http://localhost:5173'], notifyUrl });
    base = sandbox.environment.PAYMENT_PROVIDER_URL;
  });
  afterAll(async () => {
    for (const s of [server, notifyServer]) await new Promise<void>((resolve) => s.close(() => resolve()));
  });

  const formQuery = (over: Record<string, string> = {}) =>
    new URLSearchParams({ amount: '125.00', orderid: 'LC26325100000a1b2c3d4', sessionid: 'LC-DEV-A000002-26325100000', returnurl: RETURN, avs: 'y', cvv: 'required', ...over });

  const submit = async (card: Record<string, string>) => {
    const res = await fetch(`${base}/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...Object.fromEntries(formQuery()), expiry: '12/29', cvc: '123', zip: '78701', action: 'pay', ...card }),
    });
    expect(res.status).toBe(303);
    return new URL(res.headers.get('location')!);
  };

  it('shows the form with the amount, framable only by the site', async () => {
    const res = await fetch(`${base}/pay?${formQuery()}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe('frame-ancestors http://localhost:5173');
    const html = await res.text();
    expect(html).toContain('Amount: $125.00');
    expect(html).toMatch(/<button[^>]*value="pay"[^>]*>Pay</);
    expect(html).toMatch(/<button[^>]*value="cancel"[^>]*>Cancel</);
  });

  it('refuses a return URL outside the site and a form without address verification', async () => {
    expect((await fetch(`${base}/pay?${formQuery({ returnurl: 'https://evil.example.com/' })}`)).status).toBe(400);
    expect((await fetch(`${base}/pay?${formQuery({ avs: 'n' })}`)).status).toBe(400);
  });

  it('returns an approved payment with transid and amount, answers its look-up and notifies the portal, signed', async () => {
    const back = await submit({ cardnumber: '4111 1111 1111 1111' });
    expect(back.origin + back.pathname).toBe(RETURN);
    const transid = back.searchParams.get('transid')!;
    expect(Object.fromEntries(back.searchParams)).toEqual({ status: 'approved', transid, amount: '125.00' });

    const lookup = await fetch(`${base}/transactions/${transid}`, { headers: { authorization: `Bearer ${SECRET}` } });
    expect(await lookup.json()).toEqual({
      transid,
      status: 'approved',
      amount: '125.00',
      orderid: 'LC26325100000a1b2c3d4',
      sessionid: 'LC-DEV-A000002-26325100000',
    });

    await sandbox.settled();
    const sent = notifications.find((n) => (n.body as { transid: string }).transid === transid)!;
    const parsed = notificationSchema.parse(sent.body);
    expect(isSignatureValid(SECRET, parsed, sent.signature, Math.floor(Date.now() / 1000))).toBe(true);
  });

  it('returns a declined payment with its codes', async () => {
    const back = await submit({ cardnumber: '4000000000000135' });
    expect(back.searchParams.get('status')).toBe('declined');
    expect(back.searchParams.get('declinetype')).toBe('decline|avs');
  });

  it('returns Cancel and an invalid CVC without a transaction', async () => {
    expect(Object.fromEntries((await submit({ cardnumber: '4111111111111111', action: 'cancel' })).searchParams)).toEqual({ status: 'canceled' });
    expect(Object.fromEntries((await submit({ cardnumber: '4111111111111111', cvc: '1' })).searchParams)).toEqual({ status: 'invalidcvc' });
  });

  it('refuses look-ups without the secret and answers 404 for unknown ids', async () => {
    expect((await fetch(`${base}/transactions/anything`)).status).toBe(401);
    expect((await fetch(`${base}/health`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await fetch(`${base}/transactions/sbx-unknown`, { headers: { authorization: `Bearer ${SECRET}` } })).status).toBe(404);
  });
});
