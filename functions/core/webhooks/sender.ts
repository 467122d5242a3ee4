// Posts one delivery to an agent's endpoint and says what happened, within the timeout. In AWS only
// public addresses are reached: the address the connection uses is checked as it is resolved (the
// socket's own look-up), so neither a private URL nor a name that resolves to one (or rebinds to one
// after the save's check) reaches the VPC, the metadata service or localhost.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { WEBHOOK_MESSAGES } from '#shared/api/webhooks.ts';
import { config } from '#platform/config.ts';

export interface SendResult {
  status?: number;
  latencyMs: number;
  /** Why no answer came (refused, timed out, private address). */
  error?: string;
}

const PRIVATE_V4: [number, number][] = [
  [0x00000000, 8], // 0.0.0.0/8
  [0x0a000000, 8], // 10/8
  [0x64400000, 10], // 100.64/10 (carrier-grade NAT)
  [0x7f000000, 8], // 127/8
  [0xa9fe0000, 16], // 169.254/16 (link-local, metadata)
  [0xac100000, 12], // 172.16/12
  [0xc0000000, 24], // 192.0.0/24
  [0xc0000200, 24], // 192.0.2/24 (documentation)
  [0xc0a80000, 16], // 192.168/16
  [0xc6120000, 15], // 198.18/15
  [0xc6336400, 24], // 198.51.100/24 (documentation)
  [0xcb007100, 24], // 203.0.113/24 (documentation)
  [0xe0000000, 3], // 224/3 multicast and reserved
];

const v4ToInt = (a: string) => a.split('.').reduce((n, part) => (n << 8) + Number(part), 0) >>> 0;

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail as two groups). */
function v6Groups(address: string): number[] {
  let a = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (dotted) {
    const n = v4ToInt(dotted[1]!);
    a = `${a.slice(0, -dotted[1]!.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const groups = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const [head, tail] = a.split('::');
  const [h, t] = [groups(head), groups(tail)];
  return tail === undefined ? h : [...h, ...new Array<number>(8 - h.length - t.length).fill(0), ...t];
}

/** The IPv4 address two groups of an IPv6 address carry. */
const v4Of = (hi: number, lo: number) => `${hi >>> 8}.${hi & 0xff}.${lo >>> 8}.${lo & 0xff}`;

/**
 * An address the portal must not post to in AWS (private, loopback, link-local, reserved). IPv6 is
 * judged by its groups, not its spelling: an IPv4 address inside one (mapped `::ffff:7f00:1`, translated,
 * NAT64 `64:ff9b::`, 6to4 `2002:`) is judged as that IPv4 address, and only global unicast (2000::/3)
 * outside Teredo and the documentation range is public.
 */
export function isPrivateAddress(address: string): boolean {
  const v = isIP(address);
  if (v === 4) {
    const n = v4ToInt(address);
    return PRIVATE_V4.some(([base, bits]) => (n & (bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0)) >>> 0 === base);
  }
  if (v === 6) {
    const g = v6Groups(address);
    const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
    if (zeros(0, 5) && g[5] === 0xffff) return isPrivateAddress(v4Of(g[6]!, g[7]!)); // ::ffff:0:0/96, IPv4-mapped
    if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return isPrivateAddress(v4Of(g[6]!, g[7]!)); // ::ffff:0:0:0/96, IPv4-translated
    if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return isPrivateAddress(v4Of(g[6]!, g[7]!)); // 64:ff9b::/96, NAT64
    if (g[0] === 0x2002) return isPrivateAddress(v4Of(g[1]!, g[2]!)); // 2002::/16, 6to4
    if ((g[0]! & 0xe000) !== 0x2000) return true; // outside global unicast: ::1, ::/96, fc00::/7, fe80::/10, ff00::/8, …
    return g[0] === 0x2001 && (g[1] === 0 || g[1] === 0x0db8); // Teredo 2001::/32, documentation 2001:db8::/32
  }
  return true;
}

/** Local stack and tests post to their own receivers on localhost; a deployed stack never does. */
export const privateAllowed = (): boolean => ['local', 'test'].includes(config().STAGE);

const isLocalHost = (host: string) => ['localhost', '127.0.0.1', '[::1]', '::1'].includes(host);

/** The URL's problem (the spec-like message), or undefined when it may be saved; `allowPrivate` on a local stack. */
export function urlProblem(raw: string, allowPrivate: boolean = privateAllowed()): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return WEBHOOK_MESSAGES.url;
  }
  if (url.username || url.password) return WEBHOOK_MESSAGES.url;
  if (url.protocol === 'http:' && !(allowPrivate && isLocalHost(url.hostname))) return WEBHOOK_MESSAGES.url;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return WEBHOOK_MESSAGES.url;
  if (!allowPrivate && (isLocalHost(url.hostname) || (isIP(url.hostname.replace(/^\[|\]$/g, '')) && isPrivateAddress(url.hostname.replace(/^\[|\]$/g, '')))))
    return WEBHOOK_MESSAGES.privateAddress;
  return undefined;
}

class PrivateAddress extends Error {
  override name = 'PrivateAddress';
}

/** The socket's look-up: every address a name resolves to must be public (in AWS). */
function guardedLookup(hostname: string, options: object, callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const list = addresses as LookupAddress[];
    if (!privateAllowed() && list.some((a) => isPrivateAddress(a.address))) return callback(new PrivateAddress(WEBHOOK_MESSAGES.privateAddress), []);
    if ((options as { all?: boolean }).all) return callback(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
}

/** POSTs `body`; resolves with the status or the reason there was none (never rejects). */
export function postDelivery(rawUrl: string, body: string, headers: Record<string, string>, timeoutMs: number, now: () => number = Date.now): Promise<SendResult> {
  const started = now();
  const problem = urlProblem(rawUrl);
  if (problem) return Promise.resolve({ latencyMs: 0, error: problem });
  const url = new URL(rawUrl);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (r: Omit<SendResult, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...r, latencyMs: Math.max(0, Math.round(now() - started)) });
    };
    // One deadline for the whole exchange, not the socket's idle timeout: a receiver that trickles its
    // answer a byte at a time would otherwise hold the worker past its lease (and the API past Send test's).
    const deadline = setTimeout(() => {
      req.destroy();
      done({ error: `no answer within ${timeoutMs / 1000} s` });
    }, timeoutMs);
    const req = client.request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body), 'user-agent': 'LeadPortal-Webhooks/1' }, lookup: guardedLookup as never },
      (res) => {
        // The answer's body is not read beyond what arrives: only the status matters.
        res.on('error', () => undefined);
        res.on('end', () => clearTimeout(deadline));
        res.resume();
        done({ status: res.statusCode ?? 0 });
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(deadline);
      done({ error: err instanceof PrivateAddress ? err.message : (err.code ?? err.name) });
    });
    req.end(body);
  });
}
