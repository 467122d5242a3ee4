// The one integration-test harness: the file's own DynamoDB Local database and table, the project's
// s3rver (integration-setup.ts), the demo seed (the run's template, dynamo-template.ts), the local
// gateway in front of the real area handlers, a session per demo role, and a typed `call(routeId, ...)`
// whose answers are checked against the route's contract (as the handlers themselves do with
// VALIDATE_RESPONSES).
import { afterAll, beforeAll, expect } from 'vitest';
import { API, type BodyIn, type ParamsIn, type QueryIn, type ResponseOf } from '#shared/api/index.ts';
import { routeById, type RouteId } from '#shared/manifest.ts';
import { startGateway, type Gateway } from '../../infra/local/gateway.ts';
import { startStreamReaders, type StreamReaders } from './stream-readers.ts';
import { testDynamoEndpoint, useTestTable } from './test-table.ts';

/** The site's own origin: state-changing calls from anywhere else are refused. */
export const ORIGIN = 'http://localhost:5173';

/** The demo sign-ins by role (functions/core/seed/demo-users.ts). */
export type DemoRole =
  | 'admin'
  | 'manager'
  | 'support'
  | 'sales assistant'
  | 'sponsor agent'
  | 'captive agent'
  | 'broker agent'
  | 'first-family agent'
  | 'fund-preview agent';

/** A signed-in user: the session cookie to send, and the agent it acts as (none for staff). */
export interface Session {
  cookie: string;
  userId: string;
  agentId?: string;
}

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  /** The parsed JSON answer (undefined for an empty one); on success it matched the route's contract. */
  body: T;
  /** The spec's ErrorMessages of a failed call, else empty. */
  errors: string[];
}

type Needs<K extends string, T> = [keyof T] extends [never] ? { [P in K]?: T } : Partial<T> extends T ? { [P in K]?: T } : { [P in K]: T };

export type CallOptions<Id extends RouteId> = Needs<'params', ParamsIn<Id>> &
  Needs<'query', QueryIn<Id>> & {
    body?: BodyIn<Id>;
    session?: Session;
    headers?: Record<string, string>;
  };

export interface RawOptions {
  session?: Session;
  headers?: Record<string, string>;
  /** Sent as JSON unless it is already a string. */
  body?: unknown;
  /** Send no Origin header (a request another site's page could not make is still refused). */
  origin?: string | false;
}

export interface ApiHarness {
  /** The gateway's base URL (no /api), once beforeAll has run. */
  readonly url: string;
  readonly gateway: Gateway;
  /** The demo user of this role, signed in once per file. */
  sessionFor(role: DemoRole): Promise<Session>;
  /** A new session for any user id (users the test created itself). */
  sessionOf(userId: string, agentId?: string): Promise<Session>;
  /** A manifest route by id, typed and checked against its contract. */
  call<Id extends RouteId>(id: Id, options?: CallOptions<Id>): Promise<Answer<ResponseOf<Id>>>;
  /** Any request below /api, for what a typed call cannot send (hostile paths, wrong bodies). */
  fetch<T = unknown>(method: string, path: string, options?: RawOptions): Promise<Answer<T>>;
  /** Resolves once the projector has applied every write made before the call (views and events are derived). */
  settled(): Promise<void>;
}

export interface HarnessOptions {
  /** Seed the demo data with this many generated agents; false for an empty table. */
  seed?: { agents: number } | false;
  /** Stream the table and run the projector on it (for tests of views and events), with `settled()`. */
  projector?: boolean;
}

/** Call at the top of a test file, instead of a table, a seed, a gateway and sessions of its own. */
export function useApiHarness(options: HarnessOptions = {}): ApiHarness {
  const seedOption = options.seed ?? { agents: 1 };
  // The demo seed of one agent is the run's template (dynamo-template.ts): copied, not made again.
  const templated = seedOption !== false && seedOption.agents === 1;
  const table = useTestTable({ stream: !!options.projector, ...(templated ? { template: options.projector ? 'projected' : 'seeded' } : {}) });
  let gateway: Gateway | undefined;
  let readers: StreamReaders | undefined;
  const sessions = new Map<string, Promise<Session>>();

  beforeAll(async () => {
    if (seedOption && !templated) {
      const { seed } = await import('#core/seed/index.ts');
      await seed(seedOption);
    }
    gateway = await startGateway({ port: 0 });
    // The file's table's stream through both readers, as the local stack and AWS run it (on a
    // template, from where the template's readers stopped: after the seed).
    if (options.projector)
      readers = await startStreamReaders({ endpoint: testDynamoEndpoint(), tableName: table.name, idleMs: 250, ...(table.dataDir ? { checkpointDir: table.dataDir } : {}) });
  }, 120_000);
  afterAll(async () => {
    await readers?.stop();
    await gateway?.stop();
  });

  const base = () => {
    if (!gateway) throw new Error('The harness starts in beforeAll; call it from a test or hook.');
    return gateway.url;
  };

  const sessionOf = async (userId: string, agentId?: string): Promise<Session> => {
    const { createSession } = await import('#core/identity/sessions.ts');
    const { token } = await createSession(userId);
    return { cookie: `lc_session=${token}`, userId, ...(agentId ? { agentId } : {}) };
  };

  async function send<T>(method: string, path: string, o: RawOptions = {}): Promise<Answer<T>> {
    const body = o.body === undefined ? undefined : typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
    const res = await fetch(`${base()}/api${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(o.origin === false ? {} : { origin: o.origin ?? ORIGIN }),
        ...(o.session ? { cookie: o.session.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...o.headers,
      },
      body,
    });
    const text = await res.text();
    let parsed: unknown = undefined;
    if (text && /json/.test(res.headers.get('content-type') ?? '')) parsed = JSON.parse(text);
    else if (text) parsed = text;
    const errors =
      typeof parsed === 'object' && parsed !== null && Array.isArray((parsed as { ErrorMessages?: unknown }).ErrorMessages)
        ? ((parsed as { ErrorMessages: string[] }).ErrorMessages)
        : [];
    return { status: res.status, headers: res.headers, body: parsed as T, errors };
  }

  return {
    get url() {
      return base();
    },
    get gateway() {
      if (!gateway) throw new Error('The harness starts in beforeAll.');
      return gateway;
    },
    sessionFor(role) {
      let found = sessions.get(role);
      if (!found) {
        found = import('#core/seed/demo-users.ts').then(({ DEMO_USERS }) => {
          const user = DEMO_USERS.find((u) => u.role === role);
          if (!user) throw new Error(`No demo user has the role ${role}`);
          return sessionOf(user.userId, user.agentId);
        });
        sessions.set(role, found);
      }
      return found;
    },
    sessionOf,
    async call(id, o = {} as never) {
      const route = routeById(id);
      if (!route) throw new Error(`Unknown route ${id}`);
      const { params, query, body, session, headers } = o as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown; session?: Session; headers?: Record<string, string> };
      const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
      const search = new URLSearchParams();
      for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) search.append(k, String(v));
      const qs = search.toString();
      const answer = await send<ResponseOf<typeof id>>(route.method, `${path}${qs ? `?${qs}` : ''}`, { session, headers, body });
      if (answer.status >= 200 && answer.status < 300 && API[id].built) {
        const checked = API[id].response.safeParse(answer.body);
        expect(checked.success ? [] : checked.error.issues, `the answer of ${id} matches its contract`).toEqual([]);
      }
      return answer;
    },
    fetch: send,
    settled() {
      if (!readers) throw new Error('The harness runs a projector only with useApiHarness({ projector: true }), once beforeAll has run.');
      return readers.settled();
    },
  };
}
