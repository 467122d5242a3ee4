// The integration files' DynamoDB Local: one emulator per test worker, started once per run, each
// holding a database per test file. DynamoDB Local started without -sharedDb keeps a database (a
// SQLite file) per access key, and a file's clients use a key of their own (DYNAMODB_LOCAL_DATABASE,
// set by test-table.ts). So a file sees no other file's tables and pays for no other file's stream
// records (one database shared by a worker's files grows slower with every file: eight stream files
// in one took twice the Java CPU of the same files on an instance each), while Java's start and the
// code it compiles are paid once per emulator instead of once per file. An `empty` lease is a new key;
// a `seeded` or `projected` one starts on a copy of that template's database file (dynamo-template.ts),
// put where the emulator will look for the lease's key, in memory-backed scratch space, with the
// template's readers' checkpoints copied into a directory of the lease's own.
//
// The files run in vitest's workers, the pool in the main process: a file reaches it over HTTP on
// 127.0.0.1 (POST /lease/{kind} answers `{ id, endpoint, database, dataDir? }`, POST /release/{id}
// deletes that database's file).
import { copyFileSync, cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startDynamoDb, type RunningService } from '../../infra/local/services/dynamodb.ts';
import { freePort } from '../../infra/local/services/ports.ts';
import { LOCAL_REGION } from '../../infra/local/settings.ts';
import { scratchRoot, type TemplateKind } from './dynamo-template.ts';

export type InstanceKind = 'empty' | TemplateKind;

export interface DynamoPool {
  /** Where the files lease and release their database. */
  url: string;
  stop(): Promise<void>;
}

export interface Lease {
  id: string;
  endpoint: string;
  /** The access key that names the file's database on that emulator. */
  database: string;
  /** A templated database's directory for its readers' checkpoints. */
  dataDir?: string;
}

interface Emulator extends RunningService {
  dbPath: string;
  leases: number;
}

/** Starts on a port the OS just gave out; another process may take it in between, so a start is tried three times. */
async function startEmulator(): Promise<Emulator> {
  const dbPath = mkdtempSync(path.join(scratchRoot(), 'leadportal-dynamo-'));
  for (let attempt = 1; ; attempt++) {
    try {
      // Not `shortLived`: an emulator serves the whole run, and Java's optimising compiler pays back over
      // it (the integration project's Java CPU 258 s against 272 with the quick compiler only).
      const service = await startDynamoDb({ port: await freePort(), dataDir: dbPath, databasePerKey: true });
      return {
        ...service,
        dbPath,
        leases: 0,
        stop: async () => {
          await service.stop();
          rmSync(dbPath, { recursive: true, force: true });
        },
      };
    } catch (err) {
      if (attempt >= 3) {
        rmSync(dbPath, { recursive: true, force: true });
        throw err;
      }
    }
  }
}

/** Where DynamoDB Local keeps the database of an access key (without -sharedDb). */
const databaseFile = (dbPath: string, database: string) => path.join(dbPath, `${database}_${LOCAL_REGION}.db`);

export interface PoolOptions {
  /** Emulators started (one per test worker: a worker runs one file at a time). */
  emulators: number;
  /** The templates' directories (dynamo-template.ts), once built: their leases wait for them. */
  templates: Promise<Record<TemplateKind, string>>;
}

export async function startDynamoPool({ emulators: count, templates }: PoolOptions): Promise<DynamoPool> {
  const emulators = await Promise.all(Array.from({ length: count }, () => startEmulator()));
  // Keys unique to this run, so no database file of an earlier run is ever taken for a new one.
  const run = Date.now().toString(36);
  let next = 0;
  const leased = new Map<string, { emulator: Emulator; database: string; dataDir?: string }>();

  const lease = async (kind: InstanceKind): Promise<Lease> => {
    // The emulator with the fewest files on it now.
    const emulator = emulators.reduce((best, e) => (e.leases < best.leases ? e : best));
    emulator.leases++;
    const id = String(++next);
    const database = `f${run}n${id}`;
    let dataDir: string | undefined;
    try {
      if (kind !== 'empty') {
        const template = (await templates)[kind];
        const file = readdirSync(template).find((name) => name.endsWith('.db'));
        if (!file) throw new Error(`The ${kind} template has no database file`);
        copyFileSync(path.join(template, file), databaseFile(emulator.dbPath, database));
        dataDir = mkdtempSync(path.join(scratchRoot(), 'leadportal-readers-'));
        cpSync(template, dataDir, { recursive: true, filter: (from) => !from.endsWith('.db') });
      }
    } catch (err) {
      emulator.leases--;
      throw err;
    }
    leased.set(id, { emulator, database, ...(dataDir ? { dataDir } : {}) });
    return { id, endpoint: emulator.endpoint, database, ...(dataDir ? { dataDir } : {}) };
  };

  // The emulator keeps the database open until it stops; the file goes now, its space then.
  const release = (id: string) => {
    const held = leased.get(id);
    if (!held) return;
    leased.delete(id);
    held.emulator.leases--;
    rmSync(databaseFile(held.emulator.dbPath, held.database), { force: true });
    if (held.dataDir) rmSync(held.dataDir, { recursive: true, force: true });
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
          ? Promise.resolve(release(released[1]!)).then(() => ({}))
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
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      for (const id of [...leased.keys()]) release(id);
      await Promise.all(emulators.map((e) => e.stop()));
    },
  };
}

/** A file's database of `kind`, from the pool at `url`. */
export async function leaseDynamo(url: string, kind: InstanceKind): Promise<Lease> {
  const res = await fetch(`${url}/lease/${kind}`, { method: 'POST' });
  const body = (await res.json()) as Lease & { error?: string };
  if (!res.ok) throw new Error(`No DynamoDB Local for this file: ${body.error ?? res.status}`);
  return body;
}

/** Gives the database back; the pool deletes it (with everything the file wrote). */
export async function releaseDynamo(url: string, lease: Lease): Promise<void> {
  await fetch(`${url}/release/${lease.id}`, { method: 'POST' });
}
