// The OpenAPI 3.1 document of the whole API, generated from the route manifest (shared/manifest.ts:
// method, path, area, auth kind, access rule) and the zod contract (shared/api/: path parameters,
// query, body, answer) with zod's own JSON Schema output, so the document cannot drift from what the
// server parses. Served at GET /api/openapi.json; the vendor document (GET /api/intake/openapi.json)
// is its subset tagged for vendors. `npm run docs:api` writes it to docs/openapi.json.
import { z, type ZodType } from 'zod';
import { ROUTES, type Access, type AuthKind, type RouteDef } from '../manifest.ts';
import { errorBody, noBody, noContent, redirectTo } from './define.ts';
import { API } from './index.ts';

/** A JSON Schema or OpenAPI object as the document holds it. */
export type JsonObject = Record<string, unknown>;

/** The areas (tags) a vendor's integration uses: lead posting, and the partner portal once it exists. */
export const VENDOR_TAGS: readonly string[] = ['intake', 'partner'];
/** The routes that serve the document itself: described in the whole document, left out of the vendor's. */
const DOCUMENT_ROUTES: ReadonlySet<string> = new Set(['intake.openapi', 'intake.apiDocument']);

/** What each area (tag) is for, shown above its operations. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  auth: 'Sign-in with the identity provider (OIDC code flow with PKCE), sign-out, staff MFA set-up and health.',
  me: 'The signed-in user, configuration, feature flags, lookups and live notifications.',
  account: "An agent's money, transfers, card payments, statuses, settings and alerts.",
  agents: 'Agents, their hierarchy, information and exports (staff and managers).',
  orders: "Agents' lead orders and fund orders.",
  funds: 'Funds and the campaign-vendor pairs they hold.',
  campaigns: 'Campaigns, their validation, bids and vendors.',
  vendors: 'Lead vendors, their tokens and portal administrators.',
  leads: 'Leads, their disputes and exports.',
  reports: 'Staff reports and their CSV exports.',
  rules: 'Routing rules between the call center and the post target.',
  contracts: 'The contract map (contract numbers to campaigns).',
  priceFactors: 'Price factors (admin).',
  address: 'Zip codes, cities, counties and distances.',
  sales: 'The public sales forms (no sign-in).',
  intake: 'Vendor lead posting and live-transfer pings, with the vendor token (or its sandbox token).',
  uploads: 'CSV uploads and their reports.',
  webhooks: "CRM delivery: an agent's webhook endpoints and their deliveries.",
  partner: "The partner portal: a vendor's own leads, returns, integration and users.",
};

const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'lc_session',
    description: 'The HttpOnly session cookie set by the sign-in callback (GET /api/auth/callback).',
  },
  vendorToken: {
    type: 'http',
    scheme: 'bearer',
    description: "A vendor's API token (lpv_…), shown once when generated or rotated. Leads posted with it are real: sold, charged and delivered.",
  },
  vendorSandboxToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      "A vendor's sandbox token (lps_…), shown once when generated or rotated. A lead posted with it is validated, deduplicated against other sandbox leads and routed as a real one, and the answer says what would have happened; nothing is stored, sold, charged, delivered or counted.",
  },
  providerSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'x-payment-signature',
    description: "The card payment provider's HMAC signature of the notification body.",
  },
} as const;

const SECURITY_BY_AUTH: Record<AuthKind, JsonObject[]> = {
  public: [],
  session: [{ sessionCookie: [] }],
  vendorToken: [{ vendorToken: [] }, { vendorSandboxToken: [] }],
  providerCallback: [{ providerSignature: [] }],
};

const ERROR_REF = { $ref: '#/components/schemas/ErrorMessages' };
const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: ERROR_REF } } });

/** The schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), without the `$schema` header. */
export function jsonSchemaOf(schema: ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonObject;
  // zod leaves a schema's examples out of its input side when a field transforms; ours are bodies as sent.
  const examples = z.globalRegistry.get(schema)?.examples;
  return examples && io === 'input' && !json.examples ? { ...json, examples } : json;
}

/** `listForAgent` → `List for agent`: the route id's verb and noun as words. */
export function summaryOf(route: Pick<RouteDef, 'id'>): string {
  const name = route.id.split('.').slice(1).join(' ');
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Who may call a session route, in words. */
export function accessText(access: Access | undefined): string {
  if (!access || (!access.anyPermission?.length && !access.anyRole?.length && !access.owner)) return 'Any signed-in user.';
  const who = [
    ...(access.anyPermission?.length ? [`a user with ${access.anyPermission.join(' or ')}`] : []),
    ...(access.anyRole?.length ? [`the ${access.anyRole.join(' or ')} role`] : []),
  ];
  const base = who.length ? `${who.join(', or ')}.` : 'Any signed-in user.';
  const owner = access.owner;
  if (!owner) return base;
  const where = owner.param ? `path parameter ${owner.param}` : `body field ${owner.body}`;
  const reach: Record<string, string> = {
    self: 'agents may name only themselves',
    downline: 'agents may name themselves or their downline',
    holder: "only the account's own agent may act (staff are refused)",
    vendor: "a vendor's users may name only their own vendor",
  };
  const stop = owner.staffMayStop ? `; staff may call it with ${owner.staffMayStop} false` : '';
  const whose = owner.reach === 'vendor' ? 'vendor' : 'agent';
  return `${base} The ${whose} is the ${where}: ${reach[owner.reach] ?? owner.reach}${stop}.`;
}

/** Path or query parameters from an object schema's properties. */
function parametersOf(schema: ZodType, where: 'path' | 'query'): JsonObject[] {
  const json = jsonSchemaOf(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

/** The route's contract (a route without one does not compile; this names it while a change is half made). */
function contractOf(route: RouteDef) {
  const contract = (API as Record<string, (typeof API)[keyof typeof API] | undefined>)[route.id];
  if (!contract) throw new Error(`Route ${route.id} has no contract in shared/api`);
  return contract;
}

/** The success answer of a route, by its contract's status. */
function successOf(route: RouteDef): [string, JsonObject] {
  const contract = contractOf(route);
  if (!contract.built) return ['501', errorAnswer('Not built yet: {"ErrorMessages":["Not implemented"]}')];
  const status = 'status' in contract && contract.status ? contract.status : 200;
  if (contract.response === redirectTo || status === 302) return ['302', { description: 'A redirect; the browser follows the Location header.', headers: { Location: { schema: { type: 'string' } } } }];
  if (contract.response === noContent || status === 204) return ['204', { description: 'No content.' }];
  const description = contract.response.description ?? (status === 201 ? 'Created.' : status === 202 ? 'Accepted: the work runs as a job.' : 'OK.');
  return [String(status), { description, content: { 'application/json': { schema: jsonSchemaOf(contract.response, 'output') } } }];
}

/** Every error answer the route can give, from its auth kind, access rule, inputs and method. */
function errorsOf(route: RouteDef, hasInput: boolean): Record<string, JsonObject> {
  const errors: Record<string, JsonObject> = {};
  const isWrite = route.method !== 'GET';
  if (hasInput || route.auth === 'vendorToken') errors['400'] = errorAnswer('The path, query or body is refused: the spec\u2019s messages in ErrorMessages.');
  if (route.auth === 'session') errors['401'] = errorAnswer('No session, or the session has expired.');
  if (route.auth === 'vendorToken') errors['401'] = errorAnswer('The vendor token is missing, unknown or rotated.');
  if (route.auth === 'providerCallback') errors['401'] = errorAnswer('The provider signature is missing or wrong.');
  if (route.auth === 'session' && (route.access || isWrite)) errors['403'] = errorAnswer('The manifest\u2019s permission, role or ownership rule refuses the user (or a write from another site\u2019s Origin).');
  if (route.auth === 'vendorToken') errors['403'] = errorAnswer('The vendor is inactive or archived, or not on this campaign.');
  if (route.path.includes('{')) errors['404'] = errorAnswer('What the path names does not exist.');
  if (isWrite && route.auth !== 'public') errors['409'] = errorAnswer('The write conflicts with the stored state (changed meanwhile, or an Idempotency-Key reused for another request).');
  if (route.auth === 'vendorToken') errors['413'] = errorAnswer('The body is larger than the route takes.');
  if (route.auth === 'vendorToken' || route.auth === 'public') errors['429'] = errorAnswer('Too many requests; retry after the Retry-After seconds.');
  errors['503'] = errorAnswer('The store is throttled or its answer was lost: {"ErrorMessages":["System Unavailable"]}; safe to repeat after Retry-After.');
  return errors;
}

/** One operation of the document. */
function operationOf(route: RouteDef): JsonObject {
  const contract = contractOf(route);
  const path = route.path.includes('{') ? parametersOf(contract.params, 'path') : [];
  const query = parametersOf(contract.query, 'query');
  const hasBody = contract.body !== noBody;
  const [status, success] = successOf(route);
  const access = route.auth === 'session' ? accessText(route.access) : undefined;
  return {
    operationId: route.id.replace('.', '_'),
    summary: summaryOf(route),
    description: [`Spec: ${route.spec}.`, ...(access ? [`Who may call: ${access}`] : [])].join(' '),
    tags: [route.area],
    security: SECURITY_BY_AUTH[route.auth],
    ...(path.length || query.length ? { parameters: [...path, ...query] } : {}),
    ...(hasBody ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(contract.body, 'input') } } } } : {}),
    responses: { [status]: success, ...errorsOf(route, path.length > 0 || query.length > 0 || hasBody) },
    'x-route-id': route.id,
    'x-auth': route.auth,
    ...(route.access ? { 'x-access': route.access } : {}),
  };
}

export interface OpenApiOptions {
  /** Only the operations tagged with one of these (the vendor document); none: every route. */
  tags?: readonly string[];
  /** The server's base URL (`/api` when served by the site itself). */
  serverUrl?: string;
}

/** The routes a document describes. */
export function documentedRoutes(options: Pick<OpenApiOptions, 'tags'> = {}): RouteDef[] {
  const routes = ROUTES as readonly RouteDef[];
  const tags = options.tags;
  return tags ? routes.filter((r) => tags.includes(r.area) && !DOCUMENT_ROUTES.has(r.id)) : [...routes];
}

/** The OpenAPI 3.1 document of the API (or of the tagged subset). */
export function openApiDocument(options: OpenApiOptions = {}): JsonObject {
  const routes = documentedRoutes(options);
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const route of routes) (paths[route.path] ??= {})[route.method.toLowerCase()] = operationOf(route);
  const tags = [...new Set(routes.map((r) => r.area as string))].map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name }));
  const vendor = options.tags !== undefined;
  return {
    openapi: '3.1.0',
    info: {
      title: vendor ? 'Lead portal vendor API' : 'Lead portal API',
      version: '1.0.0',
      description: vendor
        ? 'Post one lead per call with your vendor API token, or ping a live-transfer campaign for its bid on a caller. A retry with the same VendorLeadId answers the first result and creates nothing. The same calls with your sandbox token answer what would have happened and change nothing.'
        : 'Every route of the lead portal, generated from the route manifest and its zod contract. Errors are always { "ErrorMessages": [ ... ] } with the spec\u2019s texts.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: options.serverUrl ?? '/api', description: 'This site' }],
    tags,
    security: [],
    paths,
    components: {
      schemas: { ErrorMessages: jsonSchemaOf(errorBody, 'output') },
      securitySchemes: usedSchemes(routes),
    },
  };
}

/** The security schemes the routes use, no other (an unused one is a linter's warning). */
function usedSchemes(routes: readonly RouteDef[]): JsonObject {
  const used = new Set(routes.flatMap((r) => SECURITY_BY_AUTH[r.auth].flatMap((s) => Object.keys(s))));
  return Object.fromEntries(Object.entries(SECURITY_SCHEMES).filter(([name]) => used.has(name)));
}

/** The vendor document: the operations tagged for vendors. */
export const vendorOpenApiDocument = (serverUrl?: string): JsonObject => openApiDocument({ tags: VENDOR_TAGS, ...(serverUrl ? { serverUrl } : {}) });
