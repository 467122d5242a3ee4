import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { ZIP_MESSAGES } from '#shared/zip.ts';
import { areaHandler, file, ok, route, type ApiEvent, type Gatekeeper } from './http.ts';
import { ConditionalCheckFailedException, ProvisionedThroughputExceededException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { InsufficientFunds } from './errors.ts';
import { ConditionFailed } from './db.ts';

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
const everyone: Gatekeeper = { authenticate: async () => undefined, authorize: async () => undefined, authorizeOwner: async () => undefined };

const lookupZip = route('address.isValidZip', { handle: async () => ok(true) });
const creditFail = route('account.creditFail', {
  handle: async () => {
    throw new InsufficientFunds('Amount cannot be greater than your current balance');
  },
});
const json = { 'content-type': 'application/json' };

const handler = areaHandler('address', { 'address.isValidZip': lookupZip }, () => everyone);

describe('areaHandler', () => {
  it('routes by the manifest route key and answers JSON', async () => {
    const res = await handler(event('GET /api/address/isvalidzipcode/{zip}', { pathParameters: { zip: '78701' } }), ctx);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body!)).toBe(true);
  });

  it("answers 400 with the contract's message when a parameter is invalid", async () => {
    const res = await handler(event('GET /api/address/isvalidzipcode/{zip}', { pathParameters: { zip: '7870' } }), ctx);
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body!)).toEqual({ ErrorMessages: [ZIP_MESSAGES.invalidZip] });
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
    const res = await account(event('POST /api/account/creditfail', { headers: json, body: '{"agentId":"A1","error":"decline"}' }), ctx);
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body!)).toEqual({ ErrorMessages: ['Amount cannot be greater than your current balance'] });
  });

  it('answers 400, not 500, for malformed JSON and for a body failing its schema', async () => {
    const account = areaHandler('account', { 'account.creditFail': creditFail }, () => everyone);
    const bad = await account(event('POST /api/account/creditfail', { headers: json, body: '{oops' }), ctx);
    expect(bad.statusCode).toBe(400);
    const wrong = await account(event('POST /api/account/creditfail', { headers: json, body: '{"agentId":"A1","error":"x","amount":"x"}' }), ctx);
    expect(wrong.statusCode).toBe(400);
    expect(JSON.parse(wrong.body!)).toEqual({ ErrorMessages: ['Invalid dollar amount'] });
  });

  describe('a throttle or a lost answer from DynamoDB', () => {
    const failing = (err: Error) => areaHandler('auth', { 'auth.health': route('auth.health', { handle: async () => Promise.reject(err) }) }, () => everyone);
    const $metadata = {};
    const timeout = Object.assign(new Error('Connection timed out after 3000 ms'), { name: 'TimeoutError' });
    const throttledTx = new TransactionCanceledException({ message: 'cancelled', $metadata, CancellationReasons: [{ Code: 'ThrottlingError' }, { Code: 'None' }] });

    it.each([
      ['a throttled call (retries spent)', new ProvisionedThroughputExceededException({ message: 'throttled', $metadata })],
      ['a transaction cancelled for throttling', throttledTx],
      ['a lost answer (a timeout after the write)', timeout],
    ])('answers %s with a retryable 503 and Retry-After, never a 500 with a stack', async (_what, err) => {
      const res = await failing(err)(event('GET /api/health'), ctx);
      expect(res.statusCode).toBe(503);
      expect(res.headers!['retry-after']).toBe('1');
      expect(JSON.parse(res.body!)).toEqual({ ErrorMessages: ['System Unavailable'] });
    });

    it('keeps the meaning of a failed condition: a 409, not a 503, even one no repository mapped', async () => {
      const res = await failing(new ConditionFailed())(event('GET /api/health'), ctx);
      expect(res.statusCode).toBe(409);
      const raw = await failing(new TransactionCanceledException({ message: 'cancelled', $metadata, CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'ThrottlingError' }] }))(event('GET /api/health'), ctx);
      expect(raw.statusCode).toBe(409);
      expect((await failing(new ConditionalCheckFailedException({ message: 'x', $metadata }))(event('GET /api/health'), ctx)).statusCode).toBe(409);
    });
  });

  it('sends binary file replies base64-encoded', async () => {
    const csv = route('auth.health', { handle: async () => file(Buffer.from('a,b\n'), 'text/csv', 'x.csv') });
    const auth = areaHandler('auth', { 'auth.health': csv }, () => everyone);
    const res = await auth(event('GET /api/health'), ctx);
    expect(res.isBase64Encoded).toBe(true);
    expect(Buffer.from(res.body!, 'base64').toString()).toBe('a,b\n');
    expect(res.headers!['content-disposition']).toContain('x.csv');
  });

  // Every route of the manifest is built now, so the not-built guard has no route left to test with.
  it('refuses to build an area with a handler for a route of another area', () => {
    expect(() => areaHandler('me', { 'address.isValidZip': lookupZip } as never)).toThrow(/not in the me area/);
  });
});

describe('parse before authorize', () => {
  const watching = () => {
    const seen: { params: unknown; body: unknown }[] = [];
    const gate: Gatekeeper = { ...everyone, authorizeOwner: async (_route, _user, input) => void seen.push(input) };
    return { seen, gate };
  };
  const phone = route('account.phoneNumber', {
    handle: async () => ok({ PrimaryPhoneNumber: '5125550100', SecondaryPhoneNumber: null, StatusPrimary: 'Active' as const, StatusSecondary: null }),
  });

  it('answers 400 for a 3,000-character agent id without running the ownership check (which reads the database)', async () => {
    const { seen, gate } = watching();
    const account = areaHandler('account', { 'account.phoneNumber': phone }, () => gate);
    const res = await account(event('GET /api/account/agentphonenumber/{agentId}', { pathParameters: { agentId: 'A'.repeat(3_000) } }), ctx);
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body!).ErrorMessages).toEqual(['Agent id must be 1 to 64 letters, digits, dashes or underscores.']);
    expect(seen).toEqual([]);
  });

  it('hands the ownership rule the parsed parameters and body', async () => {
    const { seen, gate } = watching();
    const toggle = route('account.updateThirdPartyStatus', { handle: async () => ({ status: 204 }) });
    const account = areaHandler('account', { 'account.updateThirdPartyStatus': toggle }, () => gate);
    const res = await account(
      event('PATCH /api/account/thirdpartystatus', { headers: json, body: '{"AgentId":"A000002","StatusType":"ThirdParty","Status":true}' }),
      ctx,
    );
    expect(res.statusCode).toBe(204);
    expect(seen).toEqual([{ params: {}, body: { AgentId: 'A000002', StatusType: 'ThirdParty', Status: true } }]);
  });

  it('refuses an end date in the year 9999 with 400 and a clear message', async () => {
    const list = route('account.listTransactions', { handle: async () => ok(undefined as never) });
    const account = areaHandler('account', { 'account.listTransactions': list }, () => everyone);
    const res = await account(
      event('GET /api/transactions/agent/{agentId}/startDate/{startDate}/endDate/{endDate}', {
        pathParameters: { agentId: 'A000002', startDate: '2026-01-01', endDate: '9999-12-31' },
      }),
      ctx,
    );
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body!)).toEqual({ ErrorMessages: ['End date must be between 2000-01-01 and 2099-12-31.'] });
  });
});

describe('response validation (VALIDATE_RESPONSES=1)', () => {
  it('fails loudly when an answer does not match the route contract', async () => {
    const previous = process.env.VALIDATE_RESPONSES;
    process.env.VALIDATE_RESPONSES = '1';
    try {
      const wrong = route('auth.health', { handle: async () => ok({ Status: 'fine' } as never) });
      const auth = areaHandler('auth', { 'auth.health': wrong }, () => everyone);
      const res = await auth(event('GET /api/health'), ctx);
      expect(res.statusCode).toBe(500);
      expect(JSON.parse(res.body!).ErrorMessages[0]).toMatch(/auth.health does not match its contract: Status/);
    } finally {
      if (previous === undefined) delete process.env.VALIDATE_RESPONSES;
      else process.env.VALIDATE_RESPONSES = previous;
    }
  });
});

describe('JSON bodies', () => {
  it('treats an empty body sent with a JSON content type as no body', async () => {
    const seen: unknown[] = [];
    const statusRoute = route('account.updateOrderStatus', {
      handle: async ({ event }) => {
        seen.push(event.body);
        return { status: 204 };
      },
    });
    const account = areaHandler('account', { 'account.updateOrderStatus': statusRoute }, () => everyone);
    const res = await account(
      event('PATCH /api/agent/{agentId}/orderstatusui/{status}', { headers: json, body: '', pathParameters: { agentId: 'A1', status: '1' } }),
      ctx,
    );
    expect(res.statusCode).toBe(204);
    expect(seen).toEqual([undefined]);
  });
});

describe('early reads beside the session', () => {
  const path = 'GET /api/account/agentphonenumber/{agentId}';
  const reply = { PrimaryPhoneNumber: '5125550100', SecondaryPhoneNumber: null, StatusPrimary: 'Active' as const, StatusSecondary: null };
  function phoneArea(gate: Gatekeeper) {
    const started: unknown[] = [];
    const handed: unknown[] = [];
    const phone = route('account.phoneNumber', {
      early: ({ params }) => {
        started.push(params);
        return `read of ${params.agentId}`;
      },
      handle: async ({ early }) => {
        handed.push(early);
        return ok(reply);
      },
    });
    return { started, handed, area: areaHandler('account', { 'account.phoneNumber': phone }, () => gate) };
  }

  it('starts with the parsed path before the caller is known, and reaches the handler once authorized', async () => {
    const order: string[] = [];
    const gate: Gatekeeper = { ...everyone, authenticate: async () => void order.push('session') };
    const { started, handed, area } = phoneArea(gate);
    const res = await area(event(path, { pathParameters: { agentId: 'A000002' }, cookies: ['lc_session=x'] }), ctx);
    expect(res.statusCode).toBe(200);
    expect(started).toEqual([{ agentId: 'A000002' }]);
    expect(handed).toEqual(['read of A000002']);
    expect(order).toEqual(['session']);
  });

  it('is never handed to a caller the gatekeeper refuses, and is not started without a cookie or with invalid input', async () => {
    const refusing: Gatekeeper = { ...everyone, authorizeOwner: async () => { throw new InsufficientFunds('no'); } };
    const refused = phoneArea(refusing);
    expect((await refused.area(event(path, { pathParameters: { agentId: 'A000002' }, cookies: ['lc_session=x'] }), ctx)).statusCode).toBe(400);
    expect(refused.started).toHaveLength(1);
    expect(refused.handed).toEqual([]);

    const open = phoneArea(everyone);
    await open.area(event(path, { pathParameters: { agentId: 'A000002' } }), ctx);
    expect((await open.area(event(path, { pathParameters: { agentId: 'A'.repeat(3_000) }, cookies: ['lc_session=x'] }), ctx)).statusCode).toBe(400);
    expect(open.started).toEqual([]);
    expect(open.handed).toEqual([undefined]);
  });
});
