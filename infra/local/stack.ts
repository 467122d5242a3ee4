// The whole local stack as one object: DynamoDB Local, s3rver, the table and demo data, the API
// gateway, the scheduler and the Vite dev server, started in dependency order and stopped in reverse.
// `npm start`, `npm run reset` and the browser tests all start it through here.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import { mfaRequired } from '#shared/permissions.ts';
import { startGateway } from './gateway.ts';
import { createLiveSockets, MANAGEMENT_PREFIX } from './live-sockets.ts';
import { createLocalQueue, QUEUE_NAME, QUEUE_PREFIX } from './local-queue.ts';
import { DEFAULT_DEMO_PASSWORD, startLocalOidc } from './oidc.ts';
import { DEMO_TOTP_SECRET, LocalMfa } from './oidc-mfa.ts';
import { createPaymentSandbox } from './payment-sandbox.ts';
import { deliveryReader, startLocalProjector, type LocalProjector } from './projector.ts';
import { startScheduler } from './scheduler.ts';
import { assertJava, startDynamoDb, type RunningService } from './services/dynamodb.ts';
import { assertPortFree } from './services/ports.ts';
import { startS3 } from './services/s3.ts';
import { StartupError } from './services/startup-error.ts';
import { ensureTable } from './services/table.ts';
import {
  BUCKETS,
  DEFAULT_DATA_DIR,
  LOCAL_OIDC_CLIENT_ID,
  LOCAL_TABLE_NAME,
  PORT_VARIABLES,
  REPO_ROOT,
  handlerEnvironment,
  localUrl,
  portsFromEnv,
  type LocalPorts,
} from './settings.ts';
import { localAlertTokenSecret } from './alert-token-secret.ts';

export interface LocalStackOptions {
  /** Defaults from PORT, API_PORT, DYNAMODB_PORT and S3_PORT. */
  ports?: Partial<LocalPorts>;
  /** Where DynamoDB and S3 keep their data; `.data/` by default. */
  dataDir?: string;
  /** No progress lines at all (tests). */
  quiet?: boolean;
  /** Start the Vite dev server (default true). */
  vite?: boolean;
  /**
   * How the site is served when Vite runs: `dev` (the default: the dev server, modules compiled on
   * demand and hot-reloaded) or `bundle` (the app built once into `dataDir`/web and served by Vite's
   * preview server, as CloudFront serves the built files; the browser tests use it, where every full
   * page load would otherwise fetch hundreds of separate modules).
   */
  site?: 'dev' | 'bundle';
  /**
   * With `site: 'bundle'`, serve the app already built into this folder (buildSite) instead of building
   * it: the browser tests build once for all their stacks.
   */
  builtSite?: string;
  /** A test run's stack: DynamoDB Local tuned for a life of minutes (DynamoDbOptions.shortLived), its table in memory. */
  shortLived?: boolean;
  /** Receives the progress lines; console.log by default. */
  log?: (line: string) => void;
  /**
   * Seed an empty table with the demo activity too (a month of leads through the engine: `npm start`
   * and `npm run reset` ask for it); off by default, so the browser tests get the plain seed.
   */
  demoActivity?: boolean;
  /** Seed an empty table with the demo data (default); a test of the services alone asks for none. */
  seed?: boolean;
}

export interface LocalStack {
  /** The site: Vite, which proxies /api to the gateway (the gateway itself when Vite is off). */
  url: string;
  apiUrl: string;
  stop(): Promise<void>;
}

const VITE_CONFIG = path.join(REPO_ROOT, 'frontend/vite.config.ts');
const SEED_MODULE = path.join(REPO_ROOT, 'functions/core/seed/index.ts');
/** The stream readers' pause when idle: writes of this process nudge them (startLocalStack). */
const READER_IDLE_MS = 1_000;
/** Requests that write nothing the readers must see at once (a GET that writes is caught by the pause). */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

type Stoppable = { stop(): void | Promise<void> };

/** Stops in reverse start order; every stop runs even if an earlier one fails. */
async function stopAll(started: Stoppable[]): Promise<void> {
  const failures: unknown[] = [];
  for (const s of started.reverse()) await Promise.resolve(s.stop()).catch((err: unknown) => failures.push(err));
  if (failures.length) throw new AggregateError(failures, 'Some local services did not stop cleanly');
}

const line = (log: (l: string) => void) => (service: string, state: string, detail: string) =>
  log(`${service.padEnd(9)} ${state.padEnd(6)} ${detail}`);

export interface DataLayerOptions {
  ports: Pick<LocalPorts, 'dynamodb' | 's3' | 'web'> & { oidc?: number; api?: number };
  dataDir: string;
  log: (line: string) => void;
  /** See LocalStackOptions.demoActivity. */
  demoActivity?: boolean;
  /** See LocalStackOptions.seed. */
  seed?: boolean;
  /** See DynamoDbOptions.shortLived. */
  shortLived?: boolean;
}

export interface DataLayer {
  dynamodb: RunningService;
  s3: Awaited<ReturnType<typeof startS3>>;
  stop(): Promise<void>;
}

/**
 * DynamoDB Local and s3rver persisted under `dataDir` (a short-lived stack's table in memory), the table, and the demo data if the table is
 * empty. Sets the handlers' environment (TABLE_NAME, endpoints, buckets, credentials) in this process.
 */
export async function startDataLayer({ ports, dataDir, log, demoActivity = false, seed: seeding = true, shortLived = false }: DataLayerOptions): Promise<DataLayer> {
  const say = line(log);
  const shown = (dir: string) => path.relative(process.cwd(), dir) || '.';
  const appOrigin = localUrl(ports.web);
  const started: Stoppable[] = [];
  try {
    const dbDir = path.join(dataDir, 'dynamodb');
    const s3Dir = path.join(dataDir, 's3');
    const [dynamodb, s3] = await Promise.all([
      // A test's stack keeps nothing once it stops: its table in memory (seed and projector catch-up in
      // about half the time of the same work on disk).
      startDynamoDb({ port: ports.dynamodb, dataDir: shortLived ? undefined : dbDir, shortLived }).then((s) => (started.push(s), s)),
      startS3({
        port: ports.s3,
        dataDir: s3Dir,
        buckets: Object.values(BUCKETS),
        allowedOrigins: [appOrigin, `http://127.0.0.1:${ports.web}`],
      }).then((s) => (started.push(s), s)),
    ]);
    say('dynamodb', 'ready', `${dynamodb.endpoint} (${shortLived ? 'data in memory' : `data in ${shown(dbDir)}`})`);
    say('s3', 'ready', `${s3.endpoint} (buckets ${Object.values(BUCKETS).join(', ')}; data in ${shown(s3Dir)})`);

    Object.assign(
      process.env,
      handlerEnvironment({
        tableName: LOCAL_TABLE_NAME,
        dynamodbEndpoint: dynamodb.endpoint,
        s3Endpoint: s3.endpoint,
        appOrigin,
        eventsDir: path.join(dataDir, 'events'),
        mailDir: path.join(dataDir, 'mail'),
        smsDir: path.join(dataDir, 'sms'),
        alertTokenSecret: await localAlertTokenSecret(dataDir),
        // The projector pushes notifications through the gateway's stand-in of the WebSocket API's endpoint.
        ...(ports.api ? { livePushEndpoint: `http://127.0.0.1:${ports.api}` } : {}),
        // Webhook deliveries queue through the gateway's stand-in of SQS (infra/local/local-queue.ts).
        ...(ports.api ? { deliveryQueue: { endpoint: `http://127.0.0.1:${ports.api}${QUEUE_PREFIX}`, url: `http://127.0.0.1:${ports.api}${QUEUE_PREFIX}/${QUEUE_NAME}` } } : {}),
        webhookSigningKey: await localSigningKey(path.join(dataDir, 'webhooks', 'signing.key')),
        ...(ports.oidc ? { oidcIssuer: localUrl(ports.oidc) } : {}),
      }),
    );
    say('table', await ensureTable(dynamodb.endpoint, LOCAL_TABLE_NAME), LOCAL_TABLE_NAME);
    if (seeding) await seed(say, demoActivity);
    return { dynamodb, s3, stop: () => stopAll(started) };
  } catch (err) {
    await stopAll(started);
    throw err;
  }
}

/** The delivery function's handler and its filter (the entities its views read). */
/**
 * The webhook signing key of this data folder: made once, kept beside the data (never in the repo),
 * so the secrets shown to agents stay valid across restarts and end with `npm run reset`.
 */
async function localSigningKey(file: string): Promise<string> {
  const kept = await readFile(file, 'utf8').catch(() => undefined);
  if (kept && kept.trim().length >= 32) return kept.trim();
  const key = randomBytes(32).toString('hex');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, key, { mode: 0o600 });
  return key;
}

async function seed(say: ReturnType<typeof line>, demoActivity: boolean): Promise<void> {
  // The seed generator is built alongside the stack; until it lands the stack runs on an empty table.
  if (!existsSync(SEED_MODULE)) return say('seed', 'skip', 'not available yet (functions/core/seed/index.ts)');
  const { seedIfEmpty, SEED_GENERATOR_VERSION } = (await import(pathToFileURL(SEED_MODULE).href)) as {
    seedIfEmpty: (opts: { demoActivity?: boolean }) => Promise<{ seeded: boolean; counts: Record<string, number>; generatorVersion: number }>;
    SEED_GENERATOR_VERSION: number;
  };
  const started = Date.now();
  const { seeded, counts, generatorVersion } = await seedIfEmpty({ demoActivity });
  // Demo data of an older seed lacks what today's screens read (e.g. orders): say so instead of
  // serving half of it.
  if (!seeded && generatorVersion !== SEED_GENERATOR_VERSION)
    throw new StartupError(
      `The local demo data was made by an older version of the app (seed version ${generatorVersion}, now ${SEED_GENERATOR_VERSION}): run npm run reset to rebuild it.`,
    );
  const summary = Object.entries(counts)
    .map(([k, v]) => `${v} ${k}`)
    .join(', ');
  say('seed', 'ready', seeded ? `demo data created in ${Date.now() - started} ms (${summary})` : 'table already has data');
}

/**
 * The Vite dev server, without the process-wide hooks Vite adds: it would exit the whole process on
 * SIGTERM (or when stdin ends) before DynamoDB Local's Java was stopped. The stack owns shutdown.
 */
async function startViteServer(port: number, quiet: boolean) {
  const { createServer } = await import('vite');
  const before = { sigterm: process.listeners('SIGTERM'), stdinEnd: process.stdin.listeners('end') };
  const vite = await createServer({
    configFile: VITE_CONFIG,
    server: { port, strictPort: true },
    clearScreen: false,
    logLevel: quiet ? 'silent' : 'warn',
  });
  for (const listener of process.listeners('SIGTERM')) if (!before.sigterm.includes(listener)) process.off('SIGTERM', listener);
  for (const listener of process.stdin.listeners('end'))
    if (!before.stdinEnd.includes(listener)) process.stdin.off('end', listener as () => void);
  return vite;
}

/**
 * Builds the app into `outDir` (what `site: 'bundle'` serves) as `npm run build` does: React's
 * production build. The build runs in a child process with NODE_ENV=production because Vite bundles
 * whatever NODE_ENV is already set, and the test runner sets `test`: built in the runner's own process,
 * the browser tests got React's development build (its checks and StrictMode's double renders).
 */
export function buildSite(outDir: string, quiet = true): Promise<void> {
  const viteCli = path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js');
  const args = [viteCli, 'build', '--config', VITE_CONFIG, '--outDir', outDir, '--emptyOutDir', '--clearScreen', 'false', '--logLevel', quiet ? 'silent' : 'warn'];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`The site was not built (vite build: ${signal ?? `exit ${code}`})`))));
  });
}

/** The site's cache rule for its hashed files (infra/lib/site.ts deploys them so): a name changes with its content. */
const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Vite's preview server answers every file with `no-cache`, so a browser asks again for each of the
 * app's hashed modules on every full load. The deployed site caches them for a year (site.ts); this
 * serves them the same way. The header set here is the one the preview's file server sends.
 */
const immutableAssets: Plugin = {
  name: 'leadportal-immutable-assets',
  configurePreviewServer(server) {
    server.middlewares.use((req, res, next) => {
      if (req.url?.startsWith('/assets/')) res.setHeader('Cache-Control', ASSET_CACHE_CONTROL);
      next();
    });
  },
};

/**
 * The app built into `outDir` (a couple of seconds; skipped when `built`, already built there) and
 * served by Vite's preview server with the same /api proxy, its hashed files cached as CloudFront's are.
 */
async function startBundledSite(port: number, outDir: string, quiet: boolean, built: boolean) {
  const { preview } = await import('vite');
  const logLevel = quiet ? 'silent' : 'warn';
  if (!built) await buildSite(outDir, quiet);
  const server = await preview({ configFile: VITE_CONFIG, build: { outDir }, preview: { port, strictPort: true }, plugins: [immutableAssets], clearScreen: false, logLevel });
  return { close: () => server.close() };
}

/**
 * The embedded OIDC provider, signing in the users stored in the table. The demo staff accounts have
 * an authenticator app enrolled (staff must use MFA; docs/deployment.md); other enrolments made
 * locally are kept under the data folder.
 */
async function startOidc(port: number, appOrigin: string, dataDir: string) {
  const { findUserByEmail, findUserById } = await import('../../functions/core/identity/users.ts');
  const { DEMO_USERS, DEMO_VENDOR_USERS } = await import('../../functions/core/seed/demo-users.ts');
  // The demo vendor users must use MFA too (issue 24), so they get the demo key as well.
  const demoStaff = [...DEMO_USERS.filter((u) => mfaRequired({ isAdmin: !!u.isAdmin, isManager: !!u.isManager, isLeadConnectHome: !!u.isLeadConnectHome })), ...DEMO_VENDOR_USERS];
  const mfa = new LocalMfa({ file: path.join(dataDir, 'oidc', 'mfa.json'), enrolled: Object.fromEntries(demoStaff.map((u) => [u.userId, DEMO_TOTP_SECRET])) });
  const account = (u: { userId: string; email: string; name: string } | undefined) => u && { userId: u.userId, email: u.email, name: u.name };
  return startLocalOidc({
    port,
    appOrigin,
    clientId: LOCAL_OIDC_CLIENT_ID,
    password: process.env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD,
    findByEmail: async (email) => account(await findUserByEmail(email)),
    findById: async (id) => account(await findUserById(id)),
    mfa,
  });
}

export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const log = options.quiet ? () => undefined : (options.log ?? console.log);
  const say = line(log);
  const ports = { ...portsFromEnv(), ...options.ports };
  const withVite = options.vite !== false && existsSync(VITE_CONFIG);

  // Everything that can be checked up front is, so a busy port or missing Java leaves nothing half-started.
  assertJava();
  for (const key of ['dynamodb', 's3', 'oidc', 'api', ...(withVite ? ['web'] : [])] as (keyof LocalPorts)[])
    await assertPortFree(ports[key], PORT_VARIABLES[key]);

  const started: Stoppable[] = [];
  try {
    const dataDir = path.resolve(options.dataDir ?? DEFAULT_DATA_DIR);
    const data = await startDataLayer({ ports, dataDir, log, demoActivity: options.demoActivity ?? false, seed: options.seed ?? true, shortLived: options.shortLived });
    started.push(data);

    // The table's change stream through the projector's handler, as its event source mapping does in AWS.
    // Each reader polls as soon as this process may have written (nudgeReaders: a request answered other
    // than a GET, a job run, the other reader's writes), and otherwise once every READER_IDLE_MS, which
    // only catches the writes of other processes (npm run seed, npm run job) and of GETs. Polling every
    // 250 ms took 1.8 CPU-s a minute of an idle stack, Java's and Node's, in the browser tests too.
    const later: { deliveries?: LocalProjector } = {};
    const projector = await startLocalProjector({
      endpoint: data.dynamodb.endpoint,
      tableName: LOCAL_TABLE_NAME,
      checkpointFile: path.join(dataDir, 'projector', 'checkpoints.json'),
      idleMs: READER_IDLE_MS,
      onHandled: () => later.deliveries?.nudge(),
      log,
    });
    started.push(projector);
    // The views (lists, reports) are the projector's: the stack serves once they have caught up with the
    // table (a fresh seed's facts, or the writes since the last run), so no screen shows less than the facts.
    const catchingUp = Date.now();
    await projector.settled();
    say('projector', 'ready', `views and domain events from the table stream (caught up in ${Date.now() - catchingUp} ms)`);
    // The stream's second reader, as the delivery function's event source mapping in AWS: notifications,
    // their live push, CRM deliveries and alerts, never queued behind the views above.
    const deliveries = (later.deliveries = await startLocalProjector({
      endpoint: data.dynamodb.endpoint,
      tableName: LOCAL_TABLE_NAME,
      ...(await deliveryReader()),
      checkpointFile: path.join(dataDir, 'deliveries', 'checkpoints.json'),
      idleMs: READER_IDLE_MS,
      onHandled: () => projector.nudge(),
      log,
    }));
    started.push(deliveries);
    const nudgeReaders = () => {
      projector.nudge();
      deliveries.nudge();
    };

    const oidc = await startOidc(ports.oidc, localUrl(ports.web), dataDir);
    started.push(oidc);
    say('oidc', 'ready', `${oidc.issuer} (local sign-in for the demo accounts)`);

    const gateway = await startGateway({
      port: ports.api,
      onAnswered: (method) => {
        if (!READS.has(method)) nudgeReaders();
      },
    });
    started.push(gateway);
    say('gateway', 'ready', `${gateway.url}/api (the area handlers, routed by the manifest)`);

    // The webhook delivery queue (SQS in AWS) and its consumer.
    const queue = createLocalQueue({ failuresFile: path.join(dataDir, 'queue', 'failures.jsonl'), log });
    gateway.mount(QUEUE_PREFIX, queue.listener);
    started.push({ stop: () => queue.stop() });

    // The live notifications' socket (the WebSocket API in AWS) and the endpoint the projector pushes to.
    const live = createLiveSockets({ log });
    gateway.onUpgrade(live.upgrade);
    gateway.mount(MANAGEMENT_PREFIX, live.management);
    started.push({ stop: () => live.close() });

    // The card provider's stand-in; its secret lives only in this process.
    const payments = createPaymentSandbox({
      publicUrl: gateway.url,
      secret: randomBytes(32).toString('hex'),
      returnOrigins: [localUrl(ports.web), gateway.url],
      notifyUrl: `${gateway.url}/api/payments/notify`,
      log,
      // Saved cards outlive a restart, as the accounts that hold their tokens do.
      stateFile: path.join(dataDir, 'payments', 'sandbox.json'),
    });
    gateway.mount(payments.prefix, payments.listener);
    Object.assign(process.env, payments.environment);
    started.push({ stop: () => payments.settled() });
    say('payments', 'ready', `${gateway.url}${payments.prefix}/ (sandbox card provider; test cards in docs/payments.md)`);

    const scheduler = startScheduler({ log, uploads: { bucket: BUCKETS.uploads, onObjectEvent: data.s3.onObjectEvent }, onRan: nudgeReaders });
    started.push(scheduler);
    say('scheduler', 'ready', scheduler.plan.join('; '));

    let url = gateway.url;
    if (withVite) {
      // The Vite config proxies /api to localhost:$API_PORT, read when it loads.
      process.env.API_PORT = String(ports.api);
      if (options.site === 'bundle') {
        const site = await startBundledSite(ports.web, options.builtSite ?? path.join(dataDir, 'web'), !!options.quiet, !!options.builtSite);
        started.push({ stop: () => site.close() });
        url = localUrl(ports.web);
        say('web', 'ready', `${url} (the built app on Vite's preview server; /api proxied to the gateway)`);
      } else {
        const vite = await startViteServer(ports.web, !!options.quiet);
        started.push({ stop: () => vite.close() });
        await vite.listen();
        url = localUrl(ports.web);
        say('web', 'ready', `${url} (Vite dev server; /api proxied to the gateway)`);
      }
    } else {
      say('web', 'skip', options.vite === false ? 'Vite not requested' : 'frontend/vite.config.ts does not exist yet');
    }

    let stopping: Promise<void> | undefined;
    return { url, apiUrl: `${gateway.url}/api`, stop: () => (stopping ??= stopAll(started)) };
  } catch (err) {
    await stopAll(started);
    throw err;
  }
}
