import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { areaHandler, file, ok, route, type ApiEvent, type Gatekeeper } from './http.ts';
import { InsufficientFunds } from './errors.ts';

function event(routeKey: string, init: Partial<ApiEvent> = {}): ApiEvent {
  const [method, path] = routeKey.split(' ') as [string, string];
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
      requestId: 'r1',
      routeKey,
      stage: '$default',
      time: '',
      timeEpoch: 0,
    },
    ...init,
  } as ApiEvent;
}

const ctx = {} as Context;
const everyone: Gatekeeper = { authenticate: async () => undefined, authorize: async () => undefined };

const lookupZip = route({
  params: z.object({ zip: z.string().regex(/^\d{5}$/, 'Invalid Zip Code') }),
  handle: async ({ params }) => ok({ Zip: params.zip }),
});
const creditFail = route({
  body: z.object({ amount: z.number({ error: 'Invalid dollar amount' }) }),
  handle: async () => {
    throw new InsufficientFunds('Amount cannot be greater than your current balance');
  },
});

const handler = areaHandler('address', { 'address.isValidZip': lookupZip }, () => everyone);

describe('areaHandler', () => {
  it('routes by the manifest route key and answers JSON', async () => {
    const res = await handler(event('GET /api/address/isvalidzipcode/{zip}', { pathParameters: { zip: '78701' } }), ctx);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body!)).toEqual({ Zip: '78701' });
  });

  it("answers 400 with the schema's message when a parameter is invalid", async () => {
    const res = await handler(event('GET /api/address/isvalidzipcode/{zip}', { pathParameters: { zip: '7870' } }), ctx);
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body!)).toEqual({ ErrorMessages: ['Invalid Zip Code'] });
  });

  it('answers 501 Not implemented for a manifest route with no handler yet', async () => {
    const res = await handler(event('GET /api/address/states/{state}', { pathParameters: { state: 'TX' } }), ctx);
    expect(res.statusCode).toBe(501);
    expect(JSON.parse(res.body!)).toEqual({ ErrorMessages: ['Not implemented'] });
  });

  it('answers 401 on a session route when nobody is signed in, before revealing whether it is built', async () => {
    const closed = areaHandler('address', { 'address.isValidZip': lookupZip });
    const res = await closed(event('GET /api/address/isvalidzipcode/{zip}', { pathParameters: { zip: '78701' } }), ctx);
    expect(res.statusCode).toBe(401);
  });

  it('maps a typed domain error to its status and the spec message', async () => {
    const account = areaHandler('account', { 'account.creditFail': creditFail }, () => everyone);
    const res = await account(
      event('POST /api/account/creditfail', { headers: { 'content-type': 'application/json' }, body: '{"amount":5}' }),
      ctx,
    );
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body!)).toEqual({ ErrorMessages: ['Amount cannot be greater than your current balance'] });
  });

  it('answers 400, not 500, for malformed JSON and for a body failing its schema', async () => {
    const account = areaHandler('account', { 'account.creditFail': creditFail }, () => everyone);
    const bad = await account(event('POST /api/account/creditfail', { headers: { 'content-type': 'application/json' }, body: '{oops' }), ctx);
    expect(bad.statusCode).toBe(400);
    const wrong = await account(event('POST /api/account/creditfail', { headers: { 'content-type': 'application/json' }, body: '{"amount":"x"}' }), ctx);
    expect(wrong.statusCode).toBe(400);
    expect(JSON.parse(wrong.body!)).toEqual({ ErrorMessages: ['Invalid dollar amount'] });
  });

  it('sends binary file replies base64-encoded', async () => {
    const csv = route({ handle: async () => file(Buffer.from('a,b\n'), 'text/csv', 'x.csv') });
    const leads = areaHandler('leads', { 'leads.tableExport': csv }, () => everyone);
    const res = await leads(event('GET /api/leadstable/startDate/{startDate}/endDate/{endDate}/export'), ctx);
    expect(res.isBase64Encoded).toBe(true);
    expect(Buffer.from(res.body!, 'base64').toString()).toBe('a,b\n');
    expect(res.headers!['content-disposition']).toContain('x.csv');
  });

  it('refuses to build an area with a handler for a route of another area', () => {
    expect(() => areaHandler('me', { 'address.isValidZip': lookupZip })).toThrow(/not in the me area/);
  });
});

describe('JSON bodies', () => {
  it('treats an empty body sent with a JSON content type as no body', async () => {
    const seen: unknown[] = [];
    const statusRoute = route({
      handle: async ({ event }) => {
        seen.push(event.body);
        return ok({});
      },
    });
    const account = areaHandler('account', { 'account.creditFail': statusRoute }, () => everyone);
    const res = await account(event('POST /api/account/creditfail', { headers: { 'content-type': 'application/json' }, body: '' }), ctx);
    expect(res.statusCode).toBe(200);
    expect(seen).toEqual([undefined]);
  });
});
