// The one way an API area is built: a middy chain that normalises headers, parses JSON, resolves the
// session, authorizes by the manifest, validates with zod and maps every error to the spec's shape.
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z, ZodType } from 'zod';
import { routeKey, routesOf, type Area, type RouteDef, type RouteId } from '#shared/manifest.ts';
import { AppError, NotImplemented, Unauthorized, ValidationFailed } from './errors.ts';
import { logger } from './logger.ts';
import type { SessionUser } from './session-user.ts';

export type ApiEvent = Omit<APIGatewayProxyEventV2, 'body'> & { body?: unknown };
export type ApiResult = APIGatewayProxyStructuredResultV2;

/** What a route handler returns; the chain turns it into the HTTP response. */
export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  cookies?: string[];
}

export const ok = (body: unknown): Reply => ({ status: 200, body });
export const created = (body?: unknown): Reply => ({ status: 201, body });
export const noContent = (): Reply => ({ status: 204 });
export const redirect = (location: string, cookies?: string[]): Reply => ({
  status: 302,
  headers: { location, 'cache-control': 'no-store' },
  cookies,
});
/** A file answer (CSV, HTML); Buffers go out base64-encoded. */
export const file = (body: string | Buffer, contentType: string, filename?: string): Reply => ({
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
}

export interface RouteHandler<P = unknown, Q = unknown, B = unknown> {
  params?: ZodType<P>;
  query?: ZodType<Q>;
  body?: ZodType<B>;
  handle: (ctx: RequestContext<P, Q, B>) => Promise<Reply>;
}

/** Declare a route handler; schemas type the context the handler sees. */
export function route<P = Record<string, never>, Q = Record<string, never>, B = undefined>(
  def: RouteHandler<P, Q, B>,
): RouteHandler<P, Q, B> {
  return def;
}

/** Resolves the caller and checks the manifest's access rule; supplied by the auth layer. */
export interface Gatekeeper {
  authenticate(route: RouteDef, event: ApiEvent): Promise<SessionUser | undefined>;
  authorize(route: RouteDef, user: SessionUser | undefined, params: Record<string, string>, event: ApiEvent): Promise<void>;
}

/** The default until sign-in exists: public routes pass, everything else is unauthenticated. */
export const closedGatekeeper: Gatekeeper = {
  async authenticate() {
    return undefined;
  },
  async authorize(route, user) {
    if (route.auth !== 'public' && !user) throw new Unauthorized();
  },
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AreaRoutes = Partial<Record<RouteId, RouteHandler<any, any, any>>>;

/** Build the Lambda handler of one area from its route handlers, wired by the manifest. */
export function areaHandler(area: Area, handlers: AreaRoutes, gatekeeper: () => Gatekeeper = () => closedGatekeeper) {
  const byKey = new Map(routesOf(area).map((r) => [routeKey(r), r]));
  for (const id of Object.keys(handlers))
    if (![...byKey.values()].some((r) => r.id === id)) throw new Error(`Route ${id} is not in the ${area} area`);

  const dispatch = async (event: ApiEvent): Promise<ApiResult> => {
    const route = byKey.get(event.routeKey);
    if (!route) return toResult({ status: 404, body: { ErrorMessages: ['Not found'] } });
    const rawParams = event.pathParameters ?? {};
    const params = Object.fromEntries(Object.entries(rawParams).filter((e): e is [string, string] => e[1] !== undefined));
    const gate = gatekeeper();
    const user = await gate.authenticate(route, event);
    await gate.authorize(route, user, params, event);
    const handler = handlers[route.id as RouteId];
    if (!handler) throw new NotImplemented();
    const ctx: RequestContext<unknown, unknown, unknown> = {
      params: parseWith(handler.params, params),
      query: parseWith(handler.query, event.queryStringParameters ?? {}),
      body: handler.body ? parseWith(handler.body, event.body) : undefined,
      user: user as SessionUser,
      route,
      event,
    };
    return toResult(await handler.handle(ctx));
  };

  // The middlewares' own typings intersect every event kind they support; this chain only sees HTTP API v2.
  type Mw = middy.MiddlewareObj<ApiEvent, ApiResult, Error, Context>;
  return middy<ApiEvent, ApiResult, Error, Context>()
    .use(httpHeaderNormalizer() as unknown as Mw)
    .use(jsonBody())
    .use(errorMapper())
    .handler(dispatch);
}

function parseWith<T>(schema: ZodType<T> | undefined, value: unknown): T {
  if (!schema) return value as T;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ValidationFailed(zodMessages(parsed.error));
  return parsed.data;
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

function errorMapper(): middy.MiddlewareObj<ApiEvent, ApiResult> {
  return {
    onError: async (request) => {
      const err = request.error;
      if (err instanceof AppError) {
        request.response = toResult({ status: err.status, body: { ErrorMessages: err.messages } });
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
