// The one way an API area is built: a middy chain that normalises headers, parses JSON, resolves the
// session, checks the caller's permissions, parses path parameters, query and body with the route's
// contract (shared/api) before any ownership check reads the database, applies the manifest's
// ownership rule, and maps every error to the spec's shape. With VALIDATE_RESPONSES=1 (the test
// setups) every JSON answer is checked against the contract too, and a mismatch fails loudly.
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z, ZodType } from 'zod';
import { API, type BodyOf, type ParamsOf, type QueryOf } from '#shared/api/index.ts';
import { noBody } from '#shared/api/define.ts';
import { routeKey, routesOf, type Area, type RouteDef, type RouteId } from '#shared/manifest.ts';
import { ownerReadsBody } from './authorize.ts';
import { ConditionFailed } from './db.ts';
import { AppError, isConditionFailure, isTransient, NotImplemented, PayloadTooLarge, ServiceUnavailable, TooManyRequests, Unauthorized, ValidationFailed } from './errors.ts';
import { acceptableCorrelationId, addLogKeys, invocationScope, logger, withLogScope } from './logger.ts';
import { emit } from './metrics.ts';
import { annotate, tracing } from './tracer.ts';
import type { SessionUser } from './session-user.ts';

export type ApiEvent = Omit<APIGatewayProxyEventV2, 'body'> & { body?: unknown };
export type ApiResult = APIGatewayProxyStructuredResultV2;

/** What a route handler returns; the chain turns it into the HTTP response. `T` is the JSON body. */
export interface Reply<T = unknown> {
  status: number;
  body?: T | RawBody;
  headers?: Record<string, string>;
  cookies?: string[];
}

export const ok = <T>(body: T): Reply<T> => ({ status: 200, body });
export const created = <T>(body: T): Reply<T> => ({ status: 201, body });
/** The request was taken and its work runs as a job; the body says how to follow it. */
export const accepted = <T>(body: T): Reply<T> => ({ status: 202, body });
export const noContent = (): Reply<undefined> => ({ status: 204 });
export const redirect = (location: string, cookies?: string[]): Reply<undefined> => ({
  status: 302,
  headers: { location, 'cache-control': 'no-store' },
  cookies,
});
/** A file answer (CSV, HTML); Buffers go out base64-encoded. */
export const file = (body: string | Buffer, contentType: string, filename?: string): Reply<never> => ({
  status: 200,
  body: new RawBody(body),
  headers: {
    'content-type': contentType,
    ...(filename ? { 'content-disposition': `attachment; filename="${filename}"` } : {}),
  },
});

export class RawBody {
  constructor(readonly value: string | Buffer) {}
}

export interface RequestContext<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** The signed-in user; present on every `session` route. */
  user: SessionUser;
  route: RouteDef;
  event: ApiEvent;
  /** What the route's `early` started beside the session's read (undefined without one). */
  early: unknown;
}

/** The JSON answer a route's contract describes, as the handler builds it. */
export type ReplyOf<Id extends RouteId> = Reply<z.input<(typeof API)[Id]['response']>>;

export interface RouteHandler<Id extends RouteId = RouteId> {
  id: Id;
  /**
   * Reads to start beside the session's read, from the parsed path and query alone (a vendor's route:
   * and its token and body as sent), so they cost no round trip of their own. Started only for a
   * request that carries a cookie or is a vendor's, with valid path and query; its
   * result reaches `handle` (as `early`) only once the caller is authorized, and must be safe to use
   * stale (the writes condition on what was read). It must not throw; reads that fail resolve empty.
   * It may read the caller's session in the same request and hand it to the gatekeeper (authenticate).
   */
  early?: (input: { params: ParamsOf<Id>; query: QueryOf<Id>; event: ApiEvent }) => unknown;
  handle: (ctx: RequestContext<ParamsOf<Id>, QueryOf<Id>, BodyOf<Id>>) => Promise<ReplyOf<Id>>;
}

/** Declare the handler of a manifest route; its inputs and answer are typed by the route's contract. */
export function route<Id extends RouteId>(id: Id, def: Omit<RouteHandler<Id>, 'id'>): RouteHandler<Id> {
  return { id, ...def };
}

/** What the ownership rule reads: the parsed path parameters and body. */
export interface ParsedInput {
  params: unknown;
  body: unknown;
}

/** Resolves the caller and applies the manifest's access rule; supplied by the auth layer. */
export interface Gatekeeper {
  /** `early`: what the route's early reads started, which may carry the caller's session already read. */
  authenticate(route: RouteDef, event: ApiEvent, early?: unknown): Promise<SessionUser | undefined>;
  /** Session, permissions, read-only users, origin: from the session alone, no further reads. */
  authorize(route: RouteDef, user: SessionUser | undefined, event: ApiEvent): Promise<void>;
  /** Whose data the route touches (may read the hierarchy); runs on parsed input only. */
  authorizeOwner(route: RouteDef, user: SessionUser | undefined, input: ParsedInput): Promise<void>;
}

/** The default until sign-in exists: public routes pass, everything else is unauthenticated. */
export const closedGatekeeper: Gatekeeper = {
  async authenticate() {
    return undefined;
  },
  async authorize(route, user) {
    if (route.auth !== 'public' && !user) throw new Unauthorized();
  },
  async authorizeOwner() {},
};

/** An area's handlers by route id; each handler is declared for exactly its key. */
export type AreaRoutes = { [Id in RouteId]?: RouteHandler<Id> };

export interface AreaOptions {
  /** Refuse a larger request body with 413 before it is parsed (the public areas); unset: no limit here. */
  maxBodyBytes?: { bytes: number; message: string };
}

/** Build the Lambda handler of one area from its route handlers, wired by the manifest. */
export function areaHandler(area: Area, handlers: AreaRoutes, gatekeeper: () => Gatekeeper = () => closedGatekeeper, options: AreaOptions = {}) {
  const byKey = new Map(routesOf(area).map((r) => [routeKey(r), r]));
  for (const [id, handler] of Object.entries(handlers)) {
    if (![...byKey.values()].some((r) => r.id === id)) throw new Error(`Route ${id} is not in the ${area} area`);
    if (handler.id !== id) throw new Error(`Handler of ${handler.id} is registered as ${id}`);
    if (!API[id as RouteId].built) throw new Error(`Route ${id} has a handler but its contract says it is not built`);
  }

  const dispatch = async (event: ApiEvent): Promise<ApiResult> => {
    const route = byKey.get(event.routeKey);
    if (!route) return toResult({ status: 404, body: { ErrorMessages: ['Not found'] } });
    const id = route.id as RouteId;
    const contract = API[id];
    const gate = gatekeeper();
    const handler = handlers[id] as RouteHandler | undefined;
    const rawParams = Object.fromEntries(Object.entries(event.pathParameters ?? {}).filter((e): e is [string, string] => e[1] !== undefined));
    const early = handler?.early && (event.cookies?.length || route.auth === 'vendorToken') ? startEarly(handler, contract, rawParams, event) : undefined;
    const user = await gate.authenticate(route, event, early);
    if (user?.agentId) addLogKeys({ agentId: user.agentId });
    await gate.authorize(route, user, event);
    // Parse first: a malformed id or date never reaches a database read (ownership, handler).
    const params = parseWith(contract.params, rawParams);
    const query = parseWith(contract.query, event.queryStringParameters ?? {});
    // An owner named in the path is checked before the body is read (someone else's account is a 403
    // whatever the body says); one named in the body, or staff stopping a movement, once it is parsed.
    const ownerInBody = ownerReadsBody(route.access?.owner, user);
    if (!ownerInBody) await gate.authorizeOwner(route, user, { params, body: undefined });
    const body = contract.body === noBody ? undefined : parseWith(contract.body, event.body);
    if (ownerInBody) await gate.authorizeOwner(route, user, { params, body });
    if (!handler) throw new NotImplemented();
    const ctx: RequestContext<never, never, never> = { params, query, body, user: user as SessionUser, route, event, early } as never;
    const reply = await (handler.handle as (c: typeof ctx) => Promise<Reply>)(ctx);
    if (validateResponses()) checkReply(id, reply);
    return toResult(reply);
  };

  // The middlewares' own typings intersect every event kind they support; this chain only sees HTTP API v2.
  type Mw = middy.MiddlewareObj<ApiEvent, ApiResult, Error, Context>;
  const chain = middy<ApiEvent, ApiResult, Error, Context>()
    .use(tracing<ApiEvent, ApiResult>() as Mw[])
    .use(traceAnnotations(byKey))
    .use(httpHeaderNormalizer() as unknown as Mw)
    .use(bodyLimit(options.maxBodyBytes))
    .use(jsonBody())
    .use(errorMapper())
    .handler(dispatch);
  return observed(byKey, chain);
}

/**
 * The chain inside its log scope (request id, cold start, route id, correlation id: the caller's
 * x-correlation-id header or API Gateway's request id, echoed in the answer), timed and counted per
 * route (RouteLatency, Route4xx, Route5xx).
 */
function observed(byKey: Map<string, RouteDef>, chain: (event: ApiEvent, context: Context) => Promise<ApiResult>) {
  return async (event: ApiEvent, context: Context): Promise<ApiResult> => {
    const started = performance.now();
    const routeId = byKey.get(event.routeKey)?.id ?? 'unknown';
    const correlationId = acceptableCorrelationId(event.headers?.['x-correlation-id']) ?? event.requestContext?.requestId;
    return withLogScope(invocationScope(context, { correlationId, routeId }), async () => {
      let status = 500;
      try {
        const result = await chain(event, context);
        status = result.statusCode ?? 200;
        return correlationId ? { ...result, headers: { ...result.headers, 'x-correlation-id': correlationId } } : result;
      } finally {
        emit({ Route: routeId }, { routeLatency: performance.now() - started, route4xx: status >= 400 && status < 500 ? 1 : 0, route5xx: status >= 500 ? 1 : 0 });
      }
    });
  };
}

/** A route's early reads, from its input as parsed here; none when the input would be refused anyway. */
function startEarly(handler: RouteHandler, contract: (typeof API)[RouteId], rawParams: Record<string, string>, event: ApiEvent): unknown {
  const params = contract.params.safeParse(rawParams);
  const query = contract.query.safeParse(event.queryStringParameters ?? {});
  if (!params.success || !query.success) return undefined;
  return (handler.early as (input: { params: unknown; query: unknown; event: ApiEvent }) => unknown)({ params: params.data, query: query.data, event });
}

function parseWith(schema: ZodType, value: unknown): unknown {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ValidationFailed(zodMessages(parsed.error));
  return parsed.data;
}

/** On in tests (VALIDATE_RESPONSES=1): every answer must match its route's contract. */
const validateResponses = () => process.env.VALIDATE_RESPONSES === '1';

/** A successful JSON answer that does not match the contract is a bug in the handler, never a 4xx. */
export function checkReply(id: RouteId, reply: Reply): void {
  if (reply.status >= 300 || reply.body instanceof RawBody) return;
  const checked = API[id].response.safeParse(reply.body);
  if (checked.success) return;
  const detail = checked.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
  throw new ContractViolation(`The answer of ${id} does not match its contract: ${detail}`);
}

export class ContractViolation extends Error {
  override name = 'ContractViolation';
}

/** The messages of a zod error, de-duplicated, in the order they were raised. */
export function zodMessages(error: z.ZodError): string[] {
  return [...new Set(error.issues.map((i) => i.message))];
}

/**
 * Parses a JSON body when one is sent with a JSON content type. An empty body is no body (browsers
 * send body-less PATCHes with a JSON content type); other content types (multipart uploads) pass
 * through untouched for their handler.
 */
function jsonBody(): middy.MiddlewareObj<ApiEvent, ApiResult> {
  return {
    before: async (request) => {
      const { headers, body, isBase64Encoded } = request.event;
      if (typeof body !== 'string' || !/^application\/(.+\+)?json($|;)/.test(headers?.['content-type'] ?? '')) return;
      const text = isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
      if (text.trim() === '') {
        request.event.body = undefined;
        return;
      }
      try {
        request.event.body = JSON.parse(text);
      } catch {
        throw new ValidationFailed('Invalid or malformed JSON was provided');
      }
    },
  };
}

/**
 * The route and the answer's status on the handler's X-Ray subsegment: inside the tracing middleware
 * (it opens the subsegment before and closes it after this), since Lambda's own segment takes none.
 */
function traceAnnotations(byKey: Map<string, RouteDef>): middy.MiddlewareObj<ApiEvent, ApiResult> {
  return {
    before: async (request) => annotate('route', byKey.get(request.event.routeKey)?.id ?? 'unknown'),
    after: async (request) => annotate('status', request.response?.statusCode ?? 200),
    // The error middleware (used after this one) has set the answer by now: onError runs in reverse.
    onError: async (request) => annotate('status', request.response?.statusCode ?? 500),
  };
}

/** Counts the body as sent (base64 decoded) before anything parses it. */
function bodyLimit(limit: AreaOptions['maxBodyBytes']): middy.MiddlewareObj<ApiEvent, ApiResult> {
  return {
    before: async (request) => {
      const { body, isBase64Encoded } = request.event;
      if (!limit || typeof body !== 'string') return;
      const bytes = isBase64Encoded ? Buffer.from(body, 'base64').length : Buffer.byteLength(body, 'utf8');
      if (bytes > limit.bytes) throw new PayloadTooLarge(limit.message);
    },
  };
}

function errorMapper(): middy.MiddlewareObj<ApiEvent, ApiResult> {
  return {
    onError: async (request) => {
      let err = request.error;
      if (isTransient(err)) {
        // Throttled, or the answer of a write was lost: the caller may send the same request again.
        logger.warn('Store busy or answer lost; answered 503', { routeKey: request.event?.routeKey, error: err?.name });
        err = new ServiceUnavailable();
      } else if (isConditionFailure(err)) err = new ConditionFailed();
      if (err instanceof AppError) {
        const retryAfter = (err instanceof TooManyRequests || err instanceof ServiceUnavailable) && err.retryAfterSeconds ? { 'retry-after': String(err.retryAfterSeconds) } : undefined;
        request.response = toResult({ status: err.status, body: { ErrorMessages: err.messages }, ...(retryAfter ? { headers: retryAfter } : {}) });
        return;
      }
      if (err instanceof ContractViolation) {
        // Tests only: say exactly what broke, so the failing test shows it.
        request.response = toResult({ status: 500, body: { ErrorMessages: [err.message] } });
        logger.error(err.message);
        return;
      }
      logger.error('Unhandled error', {
        routeKey: request.event?.routeKey,
        error: err instanceof Error ? err.message : String(err),
        stack: err instanceof Error ? err.stack : undefined,
      });
      request.response = toResult({ status: 500, body: { ErrorMessages: ['Internal server error'] } });
    },
  };
}

function toResult(reply: Reply): ApiResult {
  const headers: Record<string, string> = { 'cache-control': 'no-store', ...reply.headers };
  if (reply.body instanceof RawBody) {
    const value = reply.body.value;
    return Buffer.isBuffer(value)
      ? { statusCode: reply.status, headers, cookies: reply.cookies, body: value.toString('base64'), isBase64Encoded: true }
      : { statusCode: reply.status, headers, cookies: reply.cookies, body: value };
  }
  if (reply.body === undefined) return { statusCode: reply.status, headers, cookies: reply.cookies };
  headers['content-type'] ??= 'application/json; charset=utf-8';
  return { statusCode: reply.status, headers, cookies: reply.cookies, body: JSON.stringify(reply.body) };
}
