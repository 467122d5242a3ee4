// The local stack exposes nothing beyond this machine and its dev server serves only the app: every
// service listens on the loopback interface, and Vite refuses files outside the frontend (local data,
// package.json, server code, anything else on disk). Runs a whole stack of its own on free ports.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/lib/bundling.ts';
import { startLocalStack, type LocalStack } from '../../infra/local/stack.ts';
import { distinctFreePorts } from '../../infra/local/services/ports.ts';

const SERVICES = ['web', 'api', 'dynamodb', 's3', 'oidc'] as const;
type Service = (typeof SERVICES)[number];

let stack: LocalStack;
let dataDir: string;
const ports = {} as Record<Service, number>;
const probeDir = path.join(REPO_ROOT, '.data', 'exposure-probe');

beforeAll(async () => {
  const free = await distinctFreePorts(SERVICES.length);
  SERVICES.forEach((service, i) => (ports[service] = free[i]!));
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'leadportal-exposure-'));
  // No demo data: what is checked here is where the services listen and what the dev server serves.
  stack = await startLocalStack({ ports, dataDir, quiet: true, shortLived: true, seed: false });
  mkdirSync(probeDir, { recursive: true });
  writeFileSync(path.join(probeDir, 'secret.txt'), 'local data must not be served');
}, 240_000);

afterAll(async () => {
  rmSync(probeDir, { recursive: true, force: true });
  await stack?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

/** The local addresses listening on `port`, as `ss` reports them (e.g. `127.0.0.1`, `[::1]`, `*`, `0.0.0.0`). */
function listeningAddresses(port: number): string[] {
  const lines = execFileSync('ss', ['-ltnH', `sport = :${port}`], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
  return lines.map((line) => line.trim().split(/\s+/)[3]!.replace(/:\d+$/, ''));
}

/** The pids of this process and every process it started, however deep (DynamoDB Local's Java among them). */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // `pid (comm) state ppid ...`: the command name may hold spaces and parentheses, so split after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

/** A /proc/net/tcp{,6} address (little-endian hex words) as text: `0100007F` is 127.0.0.1. */
function decodeAddress(hex: string): string {
  const words = hex.match(/.{8}/g)!.map((word) => word.match(/../g)!.reverse().join(''));
  if (words.length === 1) return words[0]!.match(/../g)!.map((byte) => parseInt(byte, 16)).join('.');
  const ipv6 = words.join('');
  // An IPv4 address on an IPv6 socket (::ffff:127.0.0.1).
  if (ipv6.startsWith('00000000000000000000FFFF')) return `::ffff:${decodeAddress(words[3]!.match(/../g)!.reverse().join(''))}`;
  const groups = ipv6.match(/.{4}/g)!.map((group) => parseInt(group, 16).toString(16));
  return groups.join(':').replace(/(^|:)0(:0)+(:|$)/, '::');
}

/** Every TCP socket in LISTEN state held by one of `pids`, read from /proc (no tool needed). */
function listenersOf(pids: number[]): { address: string; port: number; pid: number }[] {
  const owner = new Map<string, number>();
  for (const pid of pids) {
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        if (inode) owner.set(inode, pid);
      } catch {
        // The descriptor closed while we looked.
      }
    }
  }
  const LISTEN = '0A';
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((table) =>
    readFileSync(table, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols[3] === LISTEN && owner.has(cols[9]!))
      .map((cols) => {
        const [address, port] = cols[1]!.split(':') as [string, string];
        return { address: decodeAddress(address), port: parseInt(port, 16), pid: owner.get(cols[9]!)! };
      }),
  );
}

function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 2000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

describe('local stack listeners', () => {
  it.each(SERVICES)('%s listens on the loopback interface only', async (service) => {
    const addresses = listeningAddresses(ports[service]);
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) expect(['127.0.0.1', '[::1]']).toContain(address);
    expect(await connects('127.0.0.1', ports[service]) || (await connects('::1', ports[service]))).toBe(true);
  });

  // Not only the five ports the stack announces: a helper port (DynamoDB Local's Java once listened on
  // an ephemeral port of every interface behind a loopback relay) is as reachable from the network.
  it('no process of the stack listens beyond loopback on any port', () => {
    const listeners = listenersOf(processTree(process.pid));
    expect(listeners.map((l) => l.port)).toEqual(expect.arrayContaining(Object.values(ports)));
    const exposed = listeners.filter((l) => !['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(l.address));
    expect(exposed, 'listeners on a non-loopback address (0.0.0.0 or :: is every interface)').toEqual([]);
  });
});

describe('Vite dev server files', () => {
  const get = (pathname: string) => fetch(`${stack.url}${pathname}`, { headers: { accept: '*/*' } });

  it.each([
    ['local data under .data/', `/@fs${probeDir}/secret.txt`],
    ["the repository's package.json", `/@fs${REPO_ROOT}/package.json`],
    ['server code', `/@fs${REPO_ROOT}/functions/platform/report-day.ts`],
    ['a file outside the repository', '/@fs/etc/passwd'],
  ])('refuses %s', async (_what, pathname) => {
    const response = await get(pathname);
    const body = await response.text();
    expect(response.status, pathname).toBeGreaterThanOrEqual(400);
    expect(body).not.toContain('local data must not be served');
    expect(body).not.toContain('"name": "leadportal"');
    expect(body).not.toContain('root:');
  });

  // Paths outside /@fs resolve inside frontend/, where these files do not exist: Vite answers with
  // the app's index.html (client-side routes), never the file.
  it.each(['/package.json', '/../package.json', '/.data/exposure-probe/secret.txt', '/../.data/exposure-probe/secret.txt'])(
    'answers %s without the file',
    async (pathname) => {
      const body = await (await get(pathname)).text();
      expect(body).not.toContain('"name": "leadportal"');
      expect(body).not.toContain('local data must not be served');
    },
  );

  it('still serves the app and the shared schemas it imports', async () => {
    expect((await get('/src/main.tsx')).status).toBe(200);
    expect((await get(`/@fs${REPO_ROOT}/shared/manifest.ts`)).status).toBe(200);
  });
});
