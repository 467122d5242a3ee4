// A fresh DynamoDB Local for every integration test file, started ahead of time. One instance shared
// by a worker's files grows slower with every file: it keeps every record any of its tables ever
// streamed, and the stream calls the projector polls with cost more as they pile up (eight stream
// files in one instance took twice the Java CPU of the same files on an instance each). An instance
// costs about 2 CPU-seconds and 1.3 s to start, so the pool keeps `spares` started: a file leases one
// at once (test-table.ts) and releases it when it ends, and the pool stops it and starts the next.
//
// The files run in vitest's workers, the pool in the main process: a file reaches it over HTTP on
// 127.0.0.1 (POST /lease answers `{ id, endpoint }`, POST /release/{id} stops that instance).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startDynamoDb, type RunningService } from '../../infra/local/services/dynamodb.ts';
import { freePort } from '../../infra/local/services/ports.ts';

export interface DynamoPool {
  /** Where the files lease and release their instance. */
  url: string;
  stop(): Promise<void>;
}

export interface Lease {
  id: string;
  endpoint: string;
}

/** Starts on a port the OS just gave out; another process may take it in between, so a start is tried three times. */
async function startInstance(shortLived: boolean): Promise<RunningService> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startDynamoDb({ port: await freePort(), shortLived });
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

export async function startDynamoPool({ spares, shortLived }: { spares: number; shortLived: boolean }): Promise<DynamoPool> {
  let stopping = false;
  let next = 0;
  const ready: Promise<RunningService>[] = [];
  const leased = new Map<string, RunningService>();
  const refill = () => {
    while (!stopping && ready.length < spares) {
      const starting = startInstance(shortLived);
      // Its failure is the lease's to report; here it is only kept from being unhandled.
      starting.catch(() => undefined);
      ready.push(starting);
    }
  };
  refill();

  const lease = async (): Promise<Lease> => {
    const starting = ready.shift() ?? startInstance(shortLived);
    refill();
    const instance = await starting;
    const id = String(++next);
    leased.set(id, instance);
    return { id, endpoint: instance.endpoint };
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
    const work =
      req.method === 'POST' && req.url === '/lease' ? lease() : req.method === 'POST' && released ? release(released[1]!).then(() => ({})) : undefined;
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
      const instances = await Promise.allSettled(ready.splice(0));
      await Promise.all([
        ...instances.flatMap((r) => (r.status === 'fulfilled' ? [r.value.stop()] : [])),
        ...[...leased.values()].map((instance) => instance.stop()),
      ]);
      leased.clear();
    },
  };
}

/** A file's instance, from the pool at `url`. */
export async function leaseDynamo(url: string): Promise<Lease> {
  const res = await fetch(`${url}/lease`, { method: 'POST' });
  const body = (await res.json()) as Lease & { error?: string };
  if (!res.ok) throw new Error(`No DynamoDB Local for this file: ${body.error ?? res.status}`);
  return body;
}

/** Gives the instance back; the pool stops it (with everything the file wrote). */
export async function releaseDynamo(url: string, lease: Lease): Promise<void> {
  await fetch(`${url}/release/${lease.id}`, { method: 'POST' });
}
