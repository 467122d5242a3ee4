import { describe, expect, it } from 'vitest';
import { matchRoute } from '#shared/manifest.ts';
import { buildApiEvent, isTextContent, requestTime, toHttpResponse, type HttpRequest } from './gateway-event.ts';

const request = (overrides: Partial<HttpRequest> = {}): HttpRequest => ({
  method: 'GET',
  url: '/api/health',
  headers: { host: 'localhost:3001', 'user-agent': 'test-agent' },
  body: Buffer.alloc(0),
  sourceIp: '127.0.0.1',
  httpVersion: '1.1',
  ...overrides,
});

function eventFor(req: HttpRequest) {
  const path = req.url.split('?')[0]!.slice('/api'.length);
  const match = matchRoute(req.method, path);
  if (!match) throw new Error(`no route for ${req.method} ${path}`);
  return buildApiEvent(req, match, { now: new Date('2025-11-21T00:35:49.123Z'), requestId: 'req-1' });
}

describe('API Gateway payload 2.0 event', () => {
  it('names the manifest route key and fills the request context as API Gateway does', () => {
    const event = eventFor(request());
    expect(event).toMatchObject({ version: '2.0', routeKey: 'GET /api/health', rawPath: '/api/health', rawQueryString: '', isBase64Encoded: false });
    expect(event.requestContext).toEqual({
      accountId: '000000000000',
      apiId: 'local',
      domainName: 'localhost:3001',
      domainPrefix: 'localhost:3001',
      http: { method: 'GET', path: '/api/health', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test-agent' },
      requestId: 'req-1',
      routeKey: 'GET /api/health',
      stage: '$default',
      time: '21/Nov/2025:00:35:49 +0000',
      timeEpoch: Date.parse('2025-11-21T00:35:49.123Z'),
    });
    expect(event).not.toHaveProperty('queryStringParameters');
    expect(event).not.toHaveProperty('pathParameters');
    expect(event).not.toHaveProperty('cookies');
    expect(event).not.toHaveProperty('body');
  });

  it("sets CloudFront-Viewer-Address from the socket, over whatever the caller sent, as CloudFront does", () => {
    const event = eventFor(request({ sourceIp: '203.0.113.7', sourcePort: 51234, headers: { host: 'h', 'cloudfront-viewer-address': '6.6.6.6:1' } }));
    expect(event.headers['cloudfront-viewer-address']).toBe('203.0.113.7:51234');
  });

  it('moves the Cookie header into the cookies array', () => {
    const event = eventFor(request({ headers: { host: 'h', cookie: 'session=abc; theme=dark' } }));
    expect(event.cookies).toEqual(['session=abc', 'theme=dark']);
    expect(event.headers).not.toHaveProperty('cookie');
  });

  it('comma-joins repeated query parameters and decodes their values, keeping the raw query string', () => {
    const event = eventFor(request({ url: '/api/lookup?type=a&type=b&name=J%C3%BCrgen%20K' }));
    expect(event.rawQueryString).toBe('type=a&type=b&name=J%C3%BCrgen%20K');
    expect(event.queryStringParameters).toEqual({ type: 'a,b', name: 'Jürgen K' });
  });

  it('lower-cases header names and comma-joins repeated headers', () => {
    const event = eventFor(request({ headers: { host: 'h', 'X-Trace': ['one', 'two'] } }));
    expect(event.headers['x-trace']).toBe('one,two');
  });

  it('passes decoded path parameters', () => {
    const event = eventFor(request({ url: '/api/agent/A%2F1/basicinfo' }));
    expect(event.routeKey).toBe('GET /api/agent/{agentId}/basicinfo');
    expect(event.pathParameters).toEqual({ agentId: 'A/1' });
  });

  it('passes a JSON body as text', () => {
    const body = Buffer.from('{"Amount":"12.50"}');
    const event = eventFor(request({ method: 'POST', url: '/api/account/creditDebit', headers: { 'content-type': 'application/json' }, body }));
    expect(event).toMatchObject({ body: '{"Amount":"12.50"}', isBase64Encoded: false });
  });

  it('base64-encodes a multipart body so its bytes survive the round trip', () => {
    const body = Buffer.concat([Buffer.from('--b\r\nContent-Type: application/octet-stream\r\n\r\n'), Buffer.from([0, 255, 128, 10]), Buffer.from('\r\n--b--')]);
    const event = eventFor(request({ method: 'POST', url: '/api/account/creditDebit', headers: { 'content-type': 'multipart/form-data; boundary=b' }, body }));
    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body!, 'base64')).toEqual(body);
  });

  it('tells text content types from binary ones', () => {
    expect(['text/csv', 'application/json; charset=utf-8', 'application/problem+json', 'application/x-www-form-urlencoded'].map(isTextContent)).toEqual([true, true, true, true]);
    expect(['multipart/form-data; boundary=x', 'application/octet-stream', 'image/png', undefined].map(isTextContent)).toEqual([false, false, false, false]);
  });

  it('formats the request time with a zero-padded day', () => {
    expect(requestTime(new Date('2025-01-05T09:04:03Z'))).toBe('05/Jan/2025:09:04:03 +0000');
  });
});

describe('handler result to HTTP response', () => {
  it('writes status, lower-cased headers and cookies as Set-Cookie headers', () => {
    const out = toHttpResponse({ statusCode: 302, headers: { Location: '/home' }, cookies: ['a=1; Path=/', 'b=2; Path=/'] });
    expect(out.statusCode).toBe(302);
    expect(out.headers).toEqual({ location: '/home', 'set-cookie': ['a=1; Path=/', 'b=2; Path=/'] });
    expect(out.body.length).toBe(0);
  });

  it('decodes a base64 body to its bytes', () => {
    const bytes = Buffer.from([1, 2, 3, 250]);
    const out = toHttpResponse({ statusCode: 200, body: bytes.toString('base64'), isBase64Encoded: true });
    expect(out.body).toEqual(bytes);
  });

  it('treats a result without a status code as a 200 JSON body', () => {
    const out = toHttpResponse({ Status: 'ok' } as never);
    expect(out).toEqual({ statusCode: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"Status":"ok"}') });
  });
});
