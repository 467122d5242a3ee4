// The production adapter against a fake provider started in the test: what it sends (paths, the
// bearer secret, the form parameters) and how it reads every kind of answer.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InvalidProviderSignature, PaymentProviderUnavailable } from './errors.ts';
import { HttpPaymentProvider } from './http-provider.ts';
import { signNotification, type Notification } from './protocol.ts';

const SECRET = 'test-secret-0123456789abcdef';
const seen: { method?: string; url?: string; authorization?: string }[] = [];
let reply: (req: http.IncomingMessage, res: http.ServerResponse) => void;
let server: http.Server;
let baseUrl: string;

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ method: req.method, url: req.url, authorization: req.headers.authorization });
    reply(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/provider/`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  seen.length = 0;
});

const provider = (opts: { timeoutMs?: number; now?: number } = {}) =>
  new HttpPaymentProvider({
    apiUrl: baseUrl,
    formUrl: 'https://pay.example.com/hosted/form',
    secret: async () => SECRET,
    timeoutMs: opts.timeoutMs,
    nowSeconds: () => opts.now ?? 1_800_000_000,
  });

const record = { transid: 'T-100', status: 'approved', amount: '125.00', orderid: 'LC26325100000a1b2c3d4', sessionid: 'LC-DEV-A000002-26325100000' };

describe('HttpPaymentProvider', () => {
  it('looks a transaction up at {url}/transactions/{id} with the secret as bearer token', async () => {
    reply = (_req, res) => json(res, 200, record);
    const found = await provider().findTransaction('T-100');
    expect(seen).toEqual([{ method: 'GET', url: '/provider/transactions/T-100', authorization: `Bearer ${SECRET}` }]);
    expect(found).toEqual({
      transactionId: 'T-100',
      status: 'approved',
      amountCents: 12500,
      orderId: record.orderid,
      sessionId: record.sessionid,
      failureCodes: [],
    });
  });

  it('reads the failure codes of a declined transaction', async () => {
    reply = (_req, res) => json(res, 200, { ...record, status: 'declined', declinetype: 'decline|avs' });
    expect((await provider().findTransaction('T-100'))?.failureCodes).toEqual(['decline', 'avs']);
  });

  it('answers undefined for a transaction the provider does not know', async () => {
    reply = (_req, res) => json(res, 404, { error: 'unknown' });
    expect(await provider().findTransaction('nope')).toBeUndefined();
  });

  it('treats an answer about another transaction as a provider failure', async () => {
    reply = (_req, res) => json(res, 200, { ...record, transid: 'T-999' });
    await expect(provider().findTransaction('T-100')).rejects.toBeInstanceOf(PaymentProviderUnavailable);
  });

  it('treats a malformed answer, a server error and a timeout as unavailable', async () => {
    reply = (_req, res) => json(res, 200, { ...record, amount: 'lots' });
    await expect(provider().findTransaction('T-100')).rejects.toBeInstanceOf(PaymentProviderUnavailable);
    reply = (_req, res) => json(res, 500, {});
    await expect(provider().findTransaction('T-100')).rejects.toBeInstanceOf(PaymentProviderUnavailable);
    reply = () => undefined; // never answers
    await expect(provider({ timeoutMs: 100 }).checkAvailable()).rejects.toBeInstanceOf(PaymentProviderUnavailable);
  });

  it('passes the health check only on a 2xx', async () => {
    reply = (_req, res) => json(res, 200, { status: 'ok' });
    await expect(provider().checkAvailable()).resolves.toBeUndefined();
    expect(seen.at(-1)).toMatchObject({ url: '/provider/health', authorization: `Bearer ${SECRET}` });
    reply = (_req, res) => json(res, 401, {});
    await expect(provider().checkAvailable()).rejects.toBeInstanceOf(PaymentProviderUnavailable);
  });

  it('opens the hosted form with amount, order id, session id, return URL, avs on and cvv required', () => {
    const url = new URL(
      provider().hostedFormUrl({ amountCents: 5005, orderId: 'LC1', sessionId: 'LC-DEV-A1-26325100000', returnUrl: 'http://localhost:5173/addFundsCC/return' }),
    );
    expect(url.origin + url.pathname).toBe('https://pay.example.com/hosted/form');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      amount: '50.05',
      orderid: 'LC1',
      sessionid: 'LC-DEV-A1-26325100000',
      returnurl: 'http://localhost:5173/addFundsCC/return',
      avs: 'y',
      cvv: 'required',
    });
  });
});

describe('notifications', () => {
  const notification: Notification = { ...record, status: 'approved', timestamp: 1_800_000_000 };
  const signed = { 'x-payment-signature': signNotification(SECRET, notification) };

  it('accepts a notification signed with the shared secret', async () => {
    expect(await provider().verifyNotification(notification, signed)).toMatchObject({ transactionId: 'T-100', amountCents: 12500 });
  });

  it('refuses a notification whose amount was changed after signing', async () => {
    await expect(provider().verifyNotification({ ...notification, amount: '999.00' }, signed)).rejects.toBeInstanceOf(InvalidProviderSignature);
  });

  it('refuses a notification signed with another secret, or not signed', async () => {
    const forged = { 'x-payment-signature': signNotification('another-secret-0123456789', notification) };
    await expect(provider().verifyNotification(notification, forged)).rejects.toBeInstanceOf(InvalidProviderSignature);
    await expect(provider().verifyNotification(notification, {})).rejects.toBeInstanceOf(InvalidProviderSignature);
  });

  it('refuses a correctly signed notification replayed more than five minutes later', async () => {
    await expect(provider({ now: 1_800_000_000 + 301 }).verifyNotification(notification, signed)).rejects.toBeInstanceOf(InvalidProviderSignature);
  });
});
