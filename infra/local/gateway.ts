// The local API gateway: routes each /api request by the manifest, invokes the same area handler the
// CDK stack deploys (in-process, each module loaded once) with a payload 2.0 event, and writes back its
// result. Other local-only HTTP endpoints can be mounted on it under their own prefix.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { matchRoute, type Area } from '#shared/manifest.ts';
import { areaEntry } from '../../functions/areas.ts';
import { buildApiEvent, toHttpResponse, type HttpResponse } from './gateway-event.ts';
import { lambdaContext } from './lambda-context.ts';
import { REPO_ROOT } from './settings.ts';
import { assertPortFree } from './services/ports.ts';

export type AreaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyResultV2>;

export interface GatewayOptions {
  port: number;
  portVariable?: string;
  /** Receives one line per request; quiet by default. */
  log?: (line: string) => void;
  /** Where an area's handler comes from; the deployed entry module unless a test substitutes one. */
  loadArea?: (area: Area) => Promise<AreaHandler>;
  /** Called once each request's answer is sent (mounted listeners' too), with its method. */
  onAnswered?: (method: string) => void;
}

export interface Gateway {
  url: string;
  /** Hands requests whose path starts with `prefix` to `listener` instead of the API. */
  mount(prefix: string, listener: http.RequestListener): void;
  /** Hands upgrade requests (WebSockets) to `listener`, which answers true when it took one. */
  onUpgrade(listener: (req: http.IncomingMessage, socket: Duplex, head: Buffer) => boolean): void;
  stop(): Promise<void>;
}

const API_PREFIX = '/api';

const json = (statusCode: number, body: unknown): HttpResponse => ({
  statusCode,
  headers: { 'content-type': 'application/json' },
  body: Buffer.from(JSON.stringify(body)),
});
// API Gateway's own answers, word for word.
const NOT_FOUND = () => json(404, { message: 'Not Found' });
const INTERNAL_ERROR = () => json(500, { message: 'Internal Server Error' });

const handlers = new Map<Area, Promise<AreaHandler>>();

function importArea(area: Area): Promise<AreaHandler> {
  let loaded = handlers.get(area);
  if (!loaded) {
    const url = pathToFileURL(path.join(REPO_ROOT, areaEntry(area))).href;
    loaded = import(url).then((mod: { handler: AreaHandler }) => mod.handler);
    // A module that failed to load (a syntax error mid-edit) is retried on the next request.
    loaded.catch(() => handlers.delete(area));
    handlers.set(area, loaded);
  }
  return loaded;
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function invokeApi(req: http.IncomingMessage, loadArea: (area: Area) => Promise<AreaHandler>): Promise<HttpResponse> {
  const url = req.url ?? '/';
  const pathname = url.split('?')[0]!;
  const match = pathname.startsWith(`${API_PREFIX}/`) ? matchRoute(req.method ?? 'GET', pathname.slice(API_PREFIX.length)) : undefined;
  if (!match) return NOT_FOUND();
  const event = buildApiEvent(
    {
      method: req.method ?? 'GET',
      url,
      headers: req.headers,
      body: await readBody(req),
      sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
      sourcePort: req.socket.remotePort ?? 0,
      httpVersion: req.httpVersion,
    },
    match,
  );
  try {
    const handler = await loadArea(match.route.area);
    return toHttpResponse(await handler(event, lambdaContext(`leadportal-${match.route.area}`)));
  } catch (err) {
    console.error(`gateway: ${event.routeKey} crashed:`, err);
    return INTERNAL_ERROR();
  }
}

async function serveApi(req: http.IncomingMessage, res: http.ServerResponse, options: GatewayOptions) {
  const started = Date.now();
  let out: HttpResponse;
  try {
    out = await invokeApi(req, options.loadArea ?? importArea);
  } catch (err) {
    console.error('gateway: request failed:', err);
    out = INTERNAL_ERROR();
  }
  res.writeHead(out.statusCode, { ...out.headers, 'content-length': out.body.length });
  res.end(out.body);
  options.log?.(`${req.method} ${req.url} -> ${out.statusCode} (${Date.now() - started} ms)`);
}

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  await assertPortFree(options.port, options.portVariable ?? 'API_PORT');
  const mounts: { prefix: string; listener: http.RequestListener }[] = [];
  const upgrades: ((req: http.IncomingMessage, socket: Duplex, head: Buffer) => boolean)[] = [];

  const server = http.createServer((req, res) => {
    if (options.onAnswered) res.once('finish', () => options.onAnswered!(req.method ?? 'GET'));
    const mounted = mounts.find((m) => req.url?.startsWith(m.prefix));
    if (mounted) mounted.listener(req, res);
    else
      serveApi(req, res, options).catch((err: unknown) => {
        console.error('gateway: could not answer:', err);
        res.destroy();
      });
  });

  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!upgrades.some((take) => take(req, socket, head))) socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://localhost:${port}`,
    mount(prefix, listener) {
      mounts.push({ prefix, listener });
      // Longest prefix first, so a specific mount wins over a general one.
      mounts.sort((a, b) => b.prefix.length - a.prefix.length);
    },
    onUpgrade(listener) {
      upgrades.push(listener);
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
