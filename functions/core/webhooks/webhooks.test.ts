import { describe, expect, it } from 'vitest';
import { DEFAULT_FIELD_MAP, deliveryBody, SAMPLE_LEAD, WEBHOOK_MESSAGES, webhookBody } from '#shared/api/webhooks.ts';
import { isRetryable, retryDelayMs, RETRY_BASE_MS, RETRY_MAX_MS } from './deliveries.ts';
import { isPrivateAddress, urlProblem } from './sender.ts';
import { signatureHeader, verifySignature } from './signing.ts';

describe('where a deployed stack may post', () => {
  it('refuses private, loopback, link-local (metadata), carrier-grade NAT and reserved addresses, v4 and v6', () => {
    for (const a of ['10.0.0.1', '172.16.5.4', '172.31.255.255', '192.168.1.1', '127.0.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:10.1.2.3', '::ffff:169.254.169.254', '224.0.0.1'])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '172.32.0.1', '192.169.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) expect(isPrivateAddress(a), a).toBe(false);
  });

  it('takes https to a public name, refuses http, private literals, localhost and credentials in AWS; allows http to localhost locally', () => {
    expect(urlProblem('https://crm.example.com/hook', false)).toBeUndefined();
    expect(urlProblem('http://crm.example.com/hook', false)).toBe(WEBHOOK_MESSAGES.url);
    expect(urlProblem('https://169.254.169.254/latest/meta-data', false)).toBe(WEBHOOK_MESSAGES.privateAddress);
    expect(urlProblem('https://[::1]/x', false)).toBe(WEBHOOK_MESSAGES.privateAddress);
    expect(urlProblem('https://localhost/x', false)).toBe(WEBHOOK_MESSAGES.privateAddress);
    expect(urlProblem('https://user:pw@crm.example.com/', false)).toBe(WEBHOOK_MESSAGES.url);
    expect(urlProblem('ftp://crm.example.com/', false)).toBe(WEBHOOK_MESSAGES.url);
    expect(urlProblem('http://localhost:4000/hook', true)).toBeUndefined();
    expect(urlProblem('http://127.0.0.1:4000/hook', true)).toBeUndefined();
    expect(urlProblem('http://crm.example.com/hook', true)).toBe(WEBHOOK_MESSAGES.url);
  });
});

describe('the retry schedule', () => {
  it('doubles from 10 s to at most an hour, with jitter between half and all of it', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, () => 1))).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(retryDelayMs(1, () => 0)).toBe(RETRY_BASE_MS / 2);
    expect(retryDelayMs(30, () => 1)).toBe(RETRY_MAX_MS);
    expect(retryDelayMs(30, () => 0)).toBe(RETRY_MAX_MS / 2);
  });

  it('retries no answer, 5xx and 429, not another 4xx', () => {
    expect(isRetryable({ latencyMs: 10_000, error: 'no answer within 10 s' })).toBe(true);
    expect(isRetryable({ status: 503, latencyMs: 5 })).toBe(true);
    expect(isRetryable({ status: 429, latencyMs: 5 })).toBe(true);
    expect(isRetryable({ status: 400, latencyMs: 5 })).toBe(false);
    expect(isRetryable({ status: 410, latencyMs: 5 })).toBe(false);
  });
});

describe('signatures', () => {
  it('verify for the body and time they were made for only', () => {
    const header = signatureHeader('whsec_test', 1_700_000_000, '{"a":1}');
    expect(header).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
    expect(verifySignature('whsec_test', header, '{"a":1}', 1_700_000_100)).toBe(true);
    expect(verifySignature('whsec_test', header, '{"a":2}', 1_700_000_100)).toBe(false);
    expect(verifySignature('whsec_other', header, '{"a":1}', 1_700_000_100)).toBe(false);
    expect(verifySignature('whsec_test', header, '{"a":1}', 1_700_001_000)).toBe(false);
  });
});

describe('the body', () => {
  it('carries the mapped fields under the CRM’s names, as JSON or form-encoded, leaving out empty ones', () => {
    const map = [
      { Field: 'FirstName' as const, Name: 'first' },
      { Field: 'Price' as const, Name: 'cost' },
      { Field: 'Email' as const, Name: 'mail' },
    ];
    expect(deliveryBody({ ...SAMPLE_LEAD, Email: '' }, map, 'json')).toEqual({ body: '{"first":"Pat","cost":25}', contentType: 'application/json' });
    expect(deliveryBody(SAMPLE_LEAD, map, 'form')).toEqual({ body: 'first=Pat&cost=25&mail=pat.sample%40example.com', contentType: 'application/x-www-form-urlencoded' });
    expect(Object.keys(JSON.parse(deliveryBody(SAMPLE_LEAD, DEFAULT_FIELD_MAP, 'json').body) as object)).toHaveLength(16);
  });

  it('is refused without events, with a non-http address or two fields under one name', () => {
    const base = { Url: 'https://crm.example.com/h', Format: 'json', FieldMap: DEFAULT_FIELD_MAP, Events: ['LeadSold'], Enabled: true };
    expect(webhookBody.safeParse(base).success).toBe(true);
    expect(webhookBody.safeParse({ ...base, Events: [] }).error?.issues[0]?.message).toBe(WEBHOOK_MESSAGES.noEvents);
    expect(webhookBody.safeParse({ ...base, Url: 'javascript:alert(1)' }).error?.issues[0]?.message).toBe(WEBHOOK_MESSAGES.url);
    expect(webhookBody.safeParse({ ...base, FieldMap: [{ Field: 'FirstName', Name: 'x' }, { Field: 'LastName', Name: 'x' }] }).error?.issues[0]?.message).toBe(WEBHOOK_MESSAGES.duplicateName);
  });
});
