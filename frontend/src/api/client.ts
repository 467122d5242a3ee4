// The one fetch client of the app, typed from the route manifest and the API contract (shared/api):
// callers name a route id, pass its path parameters, and get the JSON answer checked by the route's
// contract schema, typed from it. A missing session (401, a 302,
// or no answer at all) sends the browser to sign-in, as spec part 1 §4 says.
import type { ZodType } from 'zod';
import { API, type BodyIn, type QueryIn, type ResponseOf } from '#shared/api/index.ts';
import { routeById, type AuthKind, type ROUTES } from '#shared/manifest.ts';
import { config } from '../config.ts';

type ManifestRoute = (typeof ROUTES)[number];

/** Routes a browser calls for JSON: not vendor or provider calls, not file downloads or redirects. */
type BrowserRoute = Exclude<Extract<ManifestRoute, { auth: 'public' | 'session' }>, { binary: true }>;
export type BrowserRouteId = BrowserRoute['id'];

type ParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;
type RouteParams<Id extends BrowserRouteId> = Record<ParamNames<Extract<BrowserRoute, { id: Id }>['path']>, string | number>;

export type QueryValue = string | number | boolean | undefined;

interface BaseOptions<Id extends BrowserRouteId, T> {
  /** The route's query, typed from its contract (what the server parses it with). */
  query?: QueryIn<Id>;
  /** The route's body, typed from its contract. */
  body?: BodyIn<Id>;
  /** A narrower check than the route's contract (rarely needed); without it the contract checks the answer. */
  schema?: ZodType<T>;
  signal?: AbortSignal;
  /** Extra request headers, such as a transfer's Idempotency-Key. */
  headers?: Record<string, string>;
}

/** Path parameters are required exactly when the route's path has placeholders. */
export type CallArgs<Id extends BrowserRouteId, T> = [ParamNames<Extract<BrowserRoute, { id: Id }>['path']>] extends [never]
  ? [options?: BaseOptions<Id, T>]
  : [options: BaseOptions<Id, T> & { params: RouteParams<Id> }];

/**
 * A failed call: the answer's status and the spec's ErrorMessages (possibly none), or status 0 when
 * a public route got no answer at all.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly messages: string[],
  ) {
    super(messages.length > 0 ? messages.join(' ') : status === 0 ? 'The server could not be reached.' : `The server answered ${status}.`);
    this.name = 'ApiError';
  }
}

/** An answer, or no answer at all (the network failed or the server could not be reached). */
export type CallOutcome = { kind: 'answer'; status: number; redirected: boolean } | { kind: 'networkFailure' };

/**
 * Spec part 1 §4: "any network failure, or a 302 or 401 answer, sends the browser to the provider's
 * sign-in start page". With `redirect: 'manual'` a 302 arrives as an opaque redirect (status 0).
 * Public routes (the sales forms, health) never need a session, so a visitor is never sent to the
 * agents' sign-in from them.
 */
export function mustSignIn(outcome: CallOutcome, auth: AuthKind): boolean {
  if (auth === 'public') return false;
  return outcome.kind === 'networkFailure' || outcome.redirected || outcome.status === 401 || outcome.status === 302;
}

export const signInUrl = (apiBaseUrl: string) => `${apiBaseUrl}/auth/signin`;

/** Sign-out ends the server-side session and returns to the sign-in start (spec part 1 §7). */
export const signOutUrl = (apiBaseUrl: string = config.apiBaseUrl) => `${apiBaseUrl}/auth/signout`;

/**
 * Sign out with a same-origin POST (the server refuses a GET, so no link or image can sign anyone out),
 * then leave for the sign-in start. Should the POST not get through, the next sign-in in this browser
 * still ends the old session.
 */
export async function submitSignOut(apiBaseUrl: string = config.apiBaseUrl, location: Pick<Location, 'assign'> = window.location): Promise<void> {
  await fetch(signOutUrl(apiBaseUrl), { method: 'POST', credentials: 'include', redirect: 'manual' }).catch(() => undefined);
  location.assign(signInUrl(apiBaseUrl));
}

/**
 * Leave the app for sign-in. The returned promise never settles: the page is being replaced, so no
 * screen should flash an error or a result meanwhile.
 */
export function sendToSignIn(apiBaseUrl: string = config.apiBaseUrl, location: Pick<Location, 'assign'> = window.location): Promise<never> {
  location.assign(signInUrl(apiBaseUrl));
  return new Promise<never>(() => {});
}

/** The path of a manifest route with its placeholders filled in, each value URL-encoded. */
export function fillPath(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${template}`);
    return encodeURIComponent(String(value));
  });
}

function queryString(query: unknown): string {
  const search = new URLSearchParams();
  const entries = typeof query === 'object' && query !== null ? Object.entries(query as Record<string, unknown>) : [];
  for (const [key, value] of entries) {
    if (value !== undefined && value !== null) search.append(key, String(value as QueryValue));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The ErrorMessages of an answer body, when it carries any. */
function errorMessagesOf(body: unknown): string[] | undefined {
  if (typeof body !== 'object' || body === null || !('ErrorMessages' in body)) return undefined;
  const messages = (body as { ErrorMessages: unknown }).ErrorMessages;
  if (!Array.isArray(messages)) return undefined;
  return messages.map(String);
}

export interface ApiClientDeps {
  apiBaseUrl: string;
  fetch: typeof fetch;
  /** What to do when the session is missing; the app leaves for sign-in, tests record the call. */
  onSignInNeeded: () => Promise<never>;
}

export function createApiClient({ apiBaseUrl, fetch: doFetch, onSignInNeeded }: ApiClientDeps) {
  return async function callApi<Id extends BrowserRouteId, T = ResponseOf<Id>>(id: Id, ...[options]: CallArgs<Id, T>): Promise<T> {
    const route = routeById(id);
    if (!route) throw new Error(`Unknown API route ${id}`);
    const { query, body, schema, signal, headers } = options ?? {};
    const params = options && 'params' in options ? options.params : undefined;
    const url = `${apiBaseUrl}${fillPath(route.path, params)}${queryString(query)}`;

    let response: Response;
    try {
      response = await doFetch(url, {
        method: route.method,
        credentials: 'include',
        redirect: 'manual',
        headers: {
          ...headers,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (error) {
      // A query React Query cancelled is not a lost connection.
      if (signal?.aborted) throw error;
      if (mustSignIn({ kind: 'networkFailure' }, route.auth)) return onSignInNeeded();
      throw new ApiError(0, []);
    }
    if (mustSignIn({ kind: 'answer', status: response.status, redirected: response.type === 'opaqueredirect' }, route.auth))
      return onSignInNeeded();

    const text = await response.text();
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      throw new ApiError(response.status, response.ok ? ['The server sent an answer that is not JSON.'] : []);
    }
    // The spec treats an answer carrying ErrorMessages as a failure whatever its status (part 1 §4).
    const messages = errorMessagesOf(data);
    if (!response.ok || (messages && messages.length > 0)) throw new ApiError(response.status, messages ?? []);
    if (schema) return schema.parse(data);
    const contract = API[id];
    return (contract.built ? contract.response.parse(data) : data) as T;
  };
}

const appClient = createApiClient({
  apiBaseUrl: config.apiBaseUrl,
  fetch: (input, init) => fetch(input, init),
  onSignInNeeded: () => sendToSignIn(),
});
let client = appClient;

/** The app's client: same-origin `/api` by default, leaving for sign-in when the session is gone. */
export const callApi = ((...args: Parameters<typeof appClient>) => client(...args)) as typeof appClient;

/** Component tests answer the app's calls themselves (testing/api-stub.ts); undefined puts the app's client back. */
export function replaceClientForTests(stand: typeof appClient | undefined): void {
  client = stand ?? appClient;
}
