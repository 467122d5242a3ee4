// Translation between HTTP and the API Gateway HTTP API (payload 2.0) event and result, as AWS does
// it, so handlers behave the same behind the local gateway as behind API Gateway.
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { routeKey, type RouteDef } from '#shared/manifest.ts';

export interface HttpRequest {
  method: string;
  /** Path and query exactly as received, e.g. `/api/lookup?type=a&type=b`. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  sourceIp: string;
  /** The caller's source port (CloudFront-Viewer-Address carries it); 0 when unknown. */
  sourcePort?: number;
  httpVersion: string;
}

/** CloudFront's header with the viewer's address and port, as the public forms' behavior forwards it. */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

export interface HttpResponse {
  statusCode: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

// API Gateway passes these bodies as text and base64-encodes everything else (multipart, images, ...).
const TEXT_TYPES = [/^text\//, /[/+]json\b/, /[/+]xml\b/, /^application\/x-www-form-urlencoded\b/, /^application\/javascript\b/];

export function isTextContent(contentType: string | undefined): boolean {
  const type = contentType?.toLowerCase().trim();
  return !!type && TEXT_TYPES.some((re) => re.test(type));
}

/** API Gateway's `requestContext.time` format: `21/Nov/2025:00:35:49 +0000`. */
export function requestTime(at: Date): string {
  const [, day, month, year, time] = at.toUTCString().match(/^\w+, (\d+) (\w+) (\d+) ([\d:]+)/) ?? [];
  return `${day}/${month}/${year}:${time} +0000`;
}

/** Repeated names are comma-joined, as API Gateway does for payload 2.0. */
function commaJoined(pairs: Iterable<[string, string]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of pairs) out[name] = name in out ? `${out[name]},${value}` : value;
  return out;
}

export function buildApiEvent(
  req: HttpRequest,
  match: { route: RouteDef; params: Record<string, string> },
  options: { now?: Date; requestId?: string } = {},
): APIGatewayProxyEventV2 {
  const now = options.now ?? new Date();
  const queryAt = req.url.indexOf('?');
  const rawPath = queryAt === -1 ? req.url : req.url.slice(0, queryAt);
  const rawQueryString = queryAt === -1 ? '' : req.url.slice(queryAt + 1);

  // Payload 2.0 moves the Cookie header into `cookies` and leaves it out of `headers`.
  const headerPairs: [string, string][] = [];
  for (const [name, value] of Object.entries(req.headers)) {
    // CloudFront sets the viewer address itself, whatever the caller sent; so does this gateway, below.
    if (name === 'cookie' || name === VIEWER_ADDRESS_HEADER || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headerPairs.push([name.toLowerCase(), v]);
  }
  const headers = commaJoined(headerPairs);
  headers[VIEWER_ADDRESS_HEADER] = `${req.sourceIp}:${req.sourcePort ?? 0}`;
  const cookieHeader = req.headers.cookie;
  const cookies = cookieHeader
    ? cookieHeader.split(';').map((c) => c.trim()).filter(Boolean)
    : undefined;

  const query = rawQueryString ? commaJoined(new URLSearchParams(rawQueryString)) : undefined;
  const key = routeKey(match.route);
  const hasBody = req.body.length > 0;
  const base64 = hasBody && !isTextContent(headers['content-type']);

  return {
    version: '2.0',
    routeKey: key,
    rawPath,
    rawQueryString,
    ...(cookies?.length ? { cookies } : {}),
    headers,
    ...(query ? { queryStringParameters: query } : {}),
    ...(Object.keys(match.params).length ? { pathParameters: match.params } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0]!,
      http: {
        method: req.method,
        path: rawPath,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: options.requestId ?? randomUUID(),
      routeKey: key,
      stage: '$default',
      time: requestTime(now),
      timeEpoch: now.getTime(),
    },
    ...(hasBody ? { body: base64 ? req.body.toString('base64') : req.body.toString('utf8') } : {}),
    isBase64Encoded: base64,
  };
}

/**
 * The HTTP response API Gateway makes of a handler's result. A result without `statusCode` is taken
 * as a 200 JSON body, as API Gateway does for payload 2.0.
 */
export function toHttpResponse(result: APIGatewayProxyResultV2): HttpResponse {
  if (typeof result !== 'object' || result === null || !('statusCode' in result) || result.statusCode === undefined) {
    const body = typeof result === 'string' ? result : JSON.stringify(result);
    return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(body) };
  }
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name.toLowerCase()] = String(value);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const body = result.body === undefined ? Buffer.alloc(0) : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8');
  return { statusCode: result.statusCode, headers, body };
}
