// A fresh DynamoDB Local for every integration test file, started ahead of time. One instance shared
// by a worker's files grows slower with every file: it keeps every record any of its tables ever
// streamed, and the stream calls the projector polls with cost more as they pile up (eight stream
// files in one instance took twice the Java CPU of the same files on an instance each). An instance
// costs about 1 CPU-second and 0.9 s to start, so the pool keeps `spares` of each kind started: a
// file leases one at once (test-table.ts) and releases it when it ends, and the pool stops it and
// starts the next. An `empty` instance keeps its data in memory; a `seeded` or `projected` one starts on a
// copy of that template's database file (dynamo-template.ts), in memory-backed scratch space.
//
// The files run in vitest's workers, the pool in the main process: a file reaches it over HTTP on
// 127.0.0.1 (POST /lease/{kind} answers `{ id, endpoint, dataDir? }`, POST /release/{id} stops that
// instance).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startDynamoDb, type RunningService } from '../../infra/local/services/dynamodb.ts';
import { freePort } from '../../infra/local/services/ports.ts';
import { scratchRoot, type TemplateKind } from './dynamo-template.ts';

export type InstanceKind = 'empty' | TemplateKind;
const KINDS: InstanceKind[] = ['empty', 'seeded', 'projected'];

export interface DynamoPool {
  /** Where the files lease and release their instance. */
  url: string;
  stop(): Promise<void>;
}

export interface Lease {
  id: string;
  endpoint: string;
  /** A templated instance's directory: its database file and its readers' checkpoints. */
  dataDir?: string;
}

interface Instance extends RunningService {
  dataDir?: string;
}

/** Starts on a port the OS just gave out; another process may take it in between, so a start is tried three times. */
async function startInstance(shortLived: boolean, template: string | undefined): Promise<Instance> {
  // A template's copy: the database file and the checkpoints beside it, in a directory of its own.
  const dataDir = template ? mkdtempSync(path.join(scratchRoot(), 'leadportal-dynamo-')) : undefined;
  if (template && dataDir) cpSync(template, dataDir, { recursive: true });
  for (let attempt = 1; ; attempt++) {
    try {
      const service = await startDynamoDb({ port: await freePort(), shortLived, ...(dataDir ? { dataDir } : {}) });
      return {
        ...service,
        dataDir,
        stop: async () => {
          await service.stop();
          if (dataDir) rmSync(dataDir, { recursive: true, force: true });
        },
      };
    } catch (err) {
      if (attempt >= 3) {
        if (dataDir) rmSync(dataDir, { recursive: true, force: true });
        throw err;
      }
    }
  }
}

export interface PoolOptions {
  /** Instances of each kind kept started ahead. */
  spares: number;
  shortLived: boolean;
  /** The templates' directories (dynamo-template.ts), once built: their kinds are started only then. */
  templates: Promise<Record<TemplateKind, string>>;
}

export async function startDynamoPool({ spares, shortLived, templates }: PoolOptions): Promise<DynamoPool> {
  let stopping = false;
  let next = 0;
  const ready = new Map<InstanceKind, Promise<Instance>[]>(KINDS.map((kind) => [kind, []]));
  const leased = new Map<string, Instance>();
  const start = (kind: InstanceKind): Promise<Instance> =>
    kind === 'empty' ? startInstance(shortLived, undefined) : templates.then((dirs) => startInstance(shortLived, dirs[kind]));
  const refill = () => {
    for (const [kind, started] of ready)
      while (!stopping && started.length < spares) {
        const starting = start(kind);
        // Its failure is the lease's to report; here it is only kept from being unhandled.
        starting.catch(() => undefined);
        started.push(starting);
      }
  };
  refill();

  const lease = async (kind: InstanceKind): Promise<Lease> => {
    const starting = ready.get(kind)!.shift() ?? start(kind);
    refill();
    const instance = await starting;
    const id = String(++next);
    leased.set(id, instance);
    return { id, endpoint: instance.endpoint, ...(instance.dataDir ? { dataDir: instance.dataDir } : {}) };
  };

  const release = async (id: string) => {
    const instance = leased.get(id);
    leased.delete(id);
    await instance?.stop();
  };

  const server = http.createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const released = /^\/release\/(\d+)$/.exec(req.url ?? '');
    const leasing = /^\/lease\/(empty|seeded|projected)$/.exec(req.url ?? '');
    const work =
      req.method === 'POST' && leasing
        ? lease(leasing[1] as InstanceKind)
        : req.method === 'POST' && released
          ? release(released[1]!).then(() => ({}))
          : undefined;
    if (!work) return answer(404, { error: `no ${req.method} ${req.url}` });
    work.then(
      (body) => answer(200, body),
      (err: unknown) => answer(500, { error: err instanceof Error ? err.message : String(err) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async stop() {
      stopping = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      const instances = await Promise.allSettled([...ready.values()].flatMap((started) => started.splice(0)));
      await Promise.all([
        ...instances.flatMap((r) => (r.status === 'fulfilled' ? [r.value.stop()] : [])),
        ...[...leased.values()].map((instance) => instance.stop()),
      ]);
      leased.clear();
    },
  };
}

/** A file's instance of `kind`, from the pool at `url`. */
export async function leaseDynamo(url: string, kind: InstanceKind): Promise<Lease> {
  const res = await fetch(`${url}/lease/${kind}`, { method: 'POST' });
  const body = (await res.json()) as Lease & { error?: string };
  if (!res.ok) throw new Error(`No DynamoDB Local for this file: ${body.error ?? res.status}`);
  return body;
}

/** Gives the instance back; the pool stops it (with everything the file wrote). */
export async function releaseDynamo(url: string, lease: Lease): Promise<void> {
  await fetch(`${url}/release/${lease.id}`, { method: 'POST' });
}
