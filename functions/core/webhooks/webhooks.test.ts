import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '#platform/config.ts';
import { DEFAULT_FIELD_MAP, deliveryBody, SAMPLE_LEAD, WEBHOOK_MESSAGES, webhookBody } from '#shared/api/webhooks.ts';
import { isRetryable, retryDelayMs, RETRY_BASE_MS, RETRY_MAX_MS } from './deliveries.ts';
import { isPrivateAddress, postDelivery, urlProblem } from './sender.ts';
import { signatureHeader, verifySignature } from './signing.ts';

describe('where a deployed stack may post', () => {
  it('refuses private, loopback, link-local (metadata), carrier-grade NAT and reserved addresses, v4 and v6', () => {
    for (const a of ['10.0.0.1', '172.16.5.4', '172.31.255.255', '192.168.1.1', '127.0.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:10.1.2.3', '::ffff:169.254.169.254', '224.0.0.1'])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '172.32.0.1', '192.169.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) expect(isPrivateAddress(a), a).toBe(false);
  });

  it('judges an IPv6 address by the IPv4 address inside it, however it is written, and takes only global unicast', () => {
    for (const a of ['::ffff:7f00:1', '0:0:0:0:0:ffff:a9fe:a9fe', '::ffff:0:a00:1', '::127.0.0.1', '::7f00:1', '64:ff9b::a9fe:a9fe', '64:ff9b::10.0.0.1', '2002:7f00:1::', '2002:a9fe:a9fe::1', 'fec0::1', 'fd00:ec2::254', 'fe80::1%eth0', '2001::1', '2001:db8::1', '100::1'])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['::ffff:808:808', '64:ff9b::808:808', '2002:808:808::1', '2a05:d018::1']) expect(isPrivateAddress(a), a).toBe(false);
  });

  it('refuses in AWS a private address however the URL writes it: IPv4 inside IPv6, decimal, octal, hexadecimal and short IPv4', () => {
    for (const url of ['https://[::ffff:127.0.0.1]/x', 'https://[::ffff:169.254.169.254]/latest', 'https://[0:0:0:0:0:ffff:7f00:1]/', 'https://[::127.0.0.1]/', 'https://[64:ff9b::a9fe:a9fe]/', 'https://[2002:7f00:1::]/', 'https://[fd00:ec2::254]/', 'https://2130706433/', 'https://0177.0.0.1/', 'https://0x7f.0.0.1/', 'https://127.1/', 'https://0xa9fea9fe/'])
      expect(urlProblem(url, false), url).toBe(WEBHOOK_MESSAGES.privateAddress);
    for (const url of ['https://[2606:4700::1111]/hook', 'https://[64:ff9b::808:808]/hook', 'https://8.8.8.8/hook']) expect(urlProblem(url, false), url).toBeUndefined();
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

describe('a post', () => {
  it('gives up at the timeout even when the receiver trickles its answer a byte at a time', async () => {
    // Each byte comes well within the timeout; the headers would end after 3 s.
    const server = net.createServer((socket) => {
      socket.on('error', () => undefined);
      socket.write('HTTP/1.1 200 OK\r\nX-Slow: ');
      const drip = setInterval(() => socket.write('a'), 100);
      const end = setTimeout(() => (clearInterval(drip), socket.end('\r\nContent-Length: 0\r\n\r\n')), 3_000);
      socket.on('close', () => (clearInterval(drip), clearTimeout(end)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    // A local stack: http to this machine is allowed.
    vi.stubEnv('TABLE_NAME', 'unit');
    vi.stubEnv('STAGE', 'local');
    resetConfigForTests();
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
      const result = await postDelivery(url, '{}', { 'content-type': 'application/json' }, 500);
      // The deadline's timer is set before the connection, so it fires before the answer ends after 3 s however slow the machine.
      expect(result.error).toBe('no answer within 0.5 s');
    } finally {
      vi.unstubAllEnvs();
      resetConfigForTests();
      await new Promise((resolve) => server.close(resolve));
    }
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
    // A space or a control character inside the address is refused, never stored as typed or dropped.
    for (const Url of ['https://crm.example.com/a\r\nX-Injected: 1', 'https://crm.example.com/a\nb', 'https://crm.exa\tmple.com/', 'https://crm.example.com/a b', 'https://crm.example.com/\u0000x', 'https://crm.example.com/\u007f'])
      expect(webhookBody.safeParse({ ...base, Url }).error?.issues[0]?.message, JSON.stringify(Url)).toBe(WEBHOOK_MESSAGES.url);
    expect(webhookBody.safeParse({ ...base, Url: '  https://crm.example.com/hook?a=1  ' }).data?.Url).toBe('https://crm.example.com/hook?a=1');
    expect(webhookBody.safeParse({ ...base, FieldMap: [{ Field: 'FirstName', Name: 'x' }, { Field: 'LastName', Name: 'x' }] }).error?.issues[0]?.message).toBe(WEBHOOK_MESSAGES.duplicateName);
  });
});
