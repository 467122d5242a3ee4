// The building blocks of the API contract (model: ts-rest and tRPC contracts): each manifest route
// carries zod schemas for its path parameters, query, body and answer. The server's chain parses
// every input with them before authorization touches the database, tests check every answer against
// them, the browser's client takes its types from them and docs/api.md is generated from them.
import { z, type ZodType } from 'zod';
import { ROUTES, type Area, type RouteId } from '../manifest.ts';

export interface RouteContract<
  P extends ZodType = ZodType,
  Q extends ZodType = ZodType,
  B extends ZodType = ZodType,
  R extends ZodType = ZodType,
> {
  params: P;
  query: Q;
  body: B;
  /** The JSON answer on success (the status is the handler's: 200, 201 or 204). */
  response: R;
  /** False while the route answers 501: its response is a placeholder, not a promise. */
  built: boolean;
  /** Success status, when not 200 (202: accepted, the work runs as a job). */
  status?: 201 | 202 | 204 | 302;
}

type ManifestRoute = (typeof ROUTES)[number];
export type RouteIdOf<A extends Area> = Extract<ManifestRoute, { area: A }>['id'];
export type RouteOf<Id extends RouteId> = Extract<ManifestRoute, { id: Id }>;

/** The names of a path template's `{placeholders}`. */
export type ParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;

/** An area's part of the contract: every route of the area, no other. */
export type AreaContract<A extends Area> = { [Id in RouteIdOf<A>]: RouteContract };

/** An area's entries, checked to be exactly the area's routes (a unit test checks params against paths). */
export const areaContract =
  <A extends Area>() =>
  <const C extends AreaContract<A>>(entries: C & Record<Exclude<keyof C, RouteIdOf<A>>, never>): C =>
    entries;

// ---------------------------------------------------------------------------------------------
// Shared pieces

/** No path parameters, no query: unknown query keys are dropped, never an error. */
export const noParams = z.object({});
export const noQuery = z.object({});
/** The route takes no body; whatever is sent is ignored (browsers send body-less PATCHes). */
export const noBody = z.undefined().describe('no body');
/** 204 No Content. */
export const noContent = z.undefined().describe('204 No Content');
/** A 302 to another page (sign-in flow); the browser follows it. */
export const redirectTo = z.undefined().describe('302 redirect');
/** Placeholder answer of a route that is not built (501). */
export const notBuiltResponse = z.unknown().describe('not built (501)');

/** Every failed call: the spec's ErrorMessages, word for word. */
export const errorBody = z.object({ ErrorMessages: z.array(z.string()) });

/** An export: the CSV is written to the exports bucket; the answer is a five-minute download link. */
export const downloadLink = z.object({ Url: z.string(), FileName: z.string() });

export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** An id in a path: 1 to 64 letters, digits, dashes or underscores (a 3,000-character id is a 400, never a database read). */
export const idParam = (label: string) => z.string().regex(ID_PATTERN, `${label} must be 1 to 64 letters, digits, dashes or underscores.`);
export const agentIdParam = idParam('Agent id');

/** The days the API accepts: a year outside these cannot be a ledger, order or lead date. */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2099-12-31';

/** A real calendar day written YYYY-MM-DD (2026-02-30 is refused) between FIRST_DAY and LAST_DAY. */
export function calendarDay(label: string) {
  return z
    .string()
    .refine(isCalendarDay, `${label} must be a date written YYYY-MM-DD.`)
    .refine((text) => !isCalendarDay(text) || (text >= FIRST_DAY && text <= LAST_DAY), `${label} must be between ${FIRST_DAY} and ${LAST_DAY}.`);
}

function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
}

export const END_BEFORE_START = 'End date cannot be before start date.';
export const INVALID_START_DATE = 'Start date must be a date written YYYY-MM-DD.';
export const INVALID_END_DATE = 'End date must be a date written YYYY-MM-DD.';

/** startDate and endDate of a path, range-checked; YYYY-MM-DD compares correctly as text. */
export function dateRangeParams<S extends z.ZodRawShape>(shape: S) {
  return z
    .object({ ...shape, startDate: calendarDay('Start date'), endDate: calendarDay('End date') })
    .refine((p) => endsAfterStart(p as unknown as Record<string, string>), { message: END_BEFORE_START, when: (payload) => payload.issues.length === 0 });
}

function endsAfterStart(p: Record<string, string>): boolean {
  return p.endDate! >= p.startDate!;
}

/** A route that answers 501 until built: its inputs are still parsed, so no bad id reaches anything. */
export function notBuilt<P extends ZodType = typeof noParams, B extends ZodType = typeof noBody>(
  params?: P,
  body?: B,
): RouteContract<P, typeof noQuery, B, typeof notBuiltResponse> {
  return { params: (params ?? noParams) as P, query: noQuery, body: (body ?? noBody) as B, response: notBuiltResponse, built: false };
}

/** A built route; params, query and body default to none. */
export function built<R extends ZodType, P extends ZodType = typeof noParams, Q extends ZodType = typeof noQuery, B extends ZodType = typeof noBody>(
  c: { response: R; params?: P; query?: Q; body?: B; status?: 201 | 202 | 204 | 302 },
): RouteContract<P, Q, B, R> {
  return {
    params: (c.params ?? noParams) as P,
    query: (c.query ?? noQuery) as Q,
    body: (c.body ?? noBody) as B,
    response: c.response,
    built: true,
    ...(c.status ? { status: c.status } : {}),
  };
}

/** Path parameters by name, for routes whose handlers are not built yet. */
function paramSchemaFor(name: string): ZodType<string> {
  if (name === 'agentId') return agentIdParam;
  if (name === 'startDate') return calendarDay('Start date');
  if (name === 'endDate') return calendarDay('End date');
  if (name === 'zip') return z.string().regex(/^\d{5}$/, 'Zip Code must be 5 digits.');
  if (name === 'email') return z.email('Email is invalid.').max(254);
  return idParam(name);
}

/**
 * The contract of a route that is not built (501), derived from its manifest path: every path
 * parameter is parsed (ids by format and length, dates range-checked) before anything else runs.
 */
export function pending<Id extends RouteId>(id: Id): RouteContract<ZodType<Record<ParamNames<RouteOf<Id>['path']>, string>>, typeof noQuery, typeof noBody, typeof notBuiltResponse> {
  const route = ROUTES.find((r) => r.id === id);
  if (!route) throw new Error(`Unknown route ${id}`);
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const object = z.object(Object.fromEntries(names.map((n) => [n, paramSchemaFor(n)])));
  const params = names.includes('startDate') && names.includes('endDate')
    ? object.refine((p) => endsAfterStart(p as Record<string, string>), { message: END_BEFORE_START })
    : object;
  return notBuilt(params as unknown as ZodType<Record<ParamNames<RouteOf<Id>['path']>, string>>);
}
