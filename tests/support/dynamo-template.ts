// The integration files' seeded tables, made once per run instead of once per file. Most files start
// from the demo seed (api-harness.ts: `seed({ agents: 1 })`), and half of them also run the projector,
// which first works through the seed's ~600 stream records: measured alone, 2.7 CPU-seconds for the
// seed and 1.9 for its projection (the whole integration project came out 4 % cheaper). Here a child
// process seeds a DynamoDB Local database file once for each kind (without a stream; with one,
// projected by both stream readers as the harness runs them, stream-readers.ts, their checkpoints
// kept beside it), and the pool (dynamo-pool.ts) starts each file's database on a copy of it: the
// same items a file seeding itself would have, its readers starting after the seed.
//
// Run as a script: `tsx dynamo-template.ts '{"kind":…,"dir":…,"env":{…}}'` builds one template in `dir`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** `seeded`: the demo seed, no stream; `projected`: the seed on a streamed table, with the views made from it. */
export type TemplateKind = 'seeded' | 'projected';

/** The table every templated instance has (each instance is a file's own, so one name serves all). */
export const TEMPLATE_TABLE = 'leadportal-test';

const SCRIPT = path.join(import.meta.dirname, 'dynamo-template.ts');

/** Memory-backed when the machine has it: DynamoDB Local's database file then costs what -inMemory does. */
export function scratchRoot(): string {
  return existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
}

/**
 * Builds the template of `kind` in `dir` in a child process (the seed's modules and environment stay
 * out of the caller's). `signal` stops a build still running (a run that ended first): the child gets
 * SIGTERM and stops its DynamoDB Local as it exits; the promise settles once the child has exited.
 */
export function buildTemplate(kind: TemplateKind, dir: string, env: Record<string, string>, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, JSON.stringify({ kind, dir, env })], { stdio: ['ignore', 'inherit', 'inherit'], ...(signal ? { signal } : {}) });
    // A child that started reports its end through 'exit' (an abort also emits 'error' first).
    child.once('error', (err) => child.pid === undefined && reject(err));
    child.once('exit', (code, exitSignal) => (code === 0 ? resolve() : reject(new Error(`The ${kind} table template was not built (${exitSignal ?? `exit ${code}`})`))));
  });
}

async function build({ kind, dir, env }: { kind: TemplateKind; dir: string; env: Record<string, string> }): Promise<void> {
  const [{ startDynamoDb }, { freePort }, { ensureTable }] = await Promise.all([
    import('../../infra/local/services/dynamodb.ts'),
    import('../../infra/local/services/ports.ts'),
    import('../../infra/local/services/table.ts'),
  ]);
  // A port the OS just reported free can be taken before Java binds it (as in dynamo-pool.ts): three tries.
  let port = await freePort();
  let db: Awaited<ReturnType<typeof startDynamoDb>> | undefined;
  for (let attempt = 1; !db; attempt++) {
    try {
      db = await startDynamoDb({ port, dataDir: dir, shortLived: true });
    } catch (err) {
      if (attempt === 3) throw err;
      port = await freePort();
    }
  }
  try {
    const endpoint = `http://127.0.0.1:${port}`;
    Object.assign(process.env, env, { DYNAMODB_ENDPOINT: endpoint, TABLE_NAME: TEMPLATE_TABLE });
    await ensureTable(endpoint, TEMPLATE_TABLE, { stream: kind === 'projected' });
    const { seed } = await import('#core/seed/index.ts');
    await seed({ agents: 1 });
    if (kind === 'projected') {
      const { startStreamReaders } = await import('./stream-readers.ts');
      const readers = await startStreamReaders({ endpoint, tableName: TEMPLATE_TABLE, idleMs: 50, checkpointDir: dir });
      await readers.settled();
      await readers.stop();
    }
  } finally {
    await db.stop();
  }
}

if (process.argv[1] === SCRIPT) {
  build(JSON.parse(process.argv[2]!) as Parameters<typeof build>[0]).then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
