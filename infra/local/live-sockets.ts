// The local stand-in for the WebSocket API of the live notifications (issue 23): the gateway's upgrade
// of LIVE_PATH runs the same socket handler AWS runs ($connect with the handshake's headers, $default per
// message, $disconnect on close), and its management endpoint (POST/DELETE /@connections/{id}, what
// the projector's ApiGatewayManagementApi client calls, as in AWS) writes to or closes the socket. The
// management calls must carry a signature header, so a page in the browser cannot post to it.
import { randomBytes, randomUUID } from 'node:crypto';
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { WebSocketServer, type WebSocket } from 'ws';
import { LIVE_PATH } from '#shared/api/notifications.ts';
import { REPO_ROOT } from './settings.ts';

type SocketHandler = (event: unknown) => Promise<{ statusCode: number; body?: string }>;

export const MANAGEMENT_PREFIX = '/@connections/';
const SOCKET_ENTRY = 'functions/live/socket.ts';
/** The stage name the local events carry. */
const STAGE = 'local';

export interface LiveSockets {
  /** The gateway's `upgrade` listener: true when it took the request (LIVE_PATH). */
  upgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** The management endpoint, mounted on the gateway at MANAGEMENT_PREFIX. */
  management: http.RequestListener;
  /** Open sockets (tests). */
  readonly open: number;
  close(): Promise<void>;
}

const loadSocketHandler = async (): Promise<SocketHandler> =>
  ((await import(pathToFileURL(path.join(REPO_ROOT, SOCKET_ENTRY)).href)) as { handler: SocketHandler }).handler;

function flatHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).flatMap(([k, v]) => (v === undefined ? [] : [[k, Array.isArray(v) ? v.join(', ') : v]])));
}

function refuse(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export function createLiveSockets(options: { loadHandler?: () => Promise<SocketHandler>; log?: (line: string) => void } = {}): LiveSockets {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  const sockets = new Map<string, WebSocket>();
  let handler: Promise<SocketHandler> | undefined;
  const socketHandler = () => (handler ??= (options.loadHandler ?? loadSocketHandler)());

  const event = (routeKey: string, connectionId: string, req?: http.IncomingMessage, body?: string) => ({
    requestContext: {
      routeKey,
      eventType: routeKey === '$connect' ? 'CONNECT' : routeKey === '$disconnect' ? 'DISCONNECT' : 'MESSAGE',
      connectionId,
      stage: STAGE,
      requestId: randomUUID(),
      connectedAt: Date.now(),
      ...(req ? { domainName: req.headers.host ?? 'localhost' } : {}),
    },
    ...(req ? { headers: flatHeaders(req.headers) } : {}),
    ...(body !== undefined ? { body } : {}),
    isBase64Encoded: false,
  });

  const connect = async (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    // API Gateway's connection ids: 16 random bytes, base64.
    const connectionId = randomBytes(12).toString('base64');
    const result = await (await socketHandler())(event('$connect', connectionId, req));
    if (result.statusCode < 200 || result.statusCode > 299) return refuse(socket, result.statusCode, result.statusCode === 401 ? 'Unauthorized' : 'Forbidden');
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.set(connectionId, ws);
      ws.on('message', (data) => void socketHandler().then((h) => h(event('$default', connectionId, undefined, String(data)))).catch(() => undefined));
      ws.on('close', () => {
        sockets.delete(connectionId);
        void socketHandler()
          .then((h) => h(event('$disconnect', connectionId)))
          .catch(() => undefined);
      });
    });
  };

  return {
    upgrade(req, socket, head) {
      if ((req.url ?? '').split('?')[0] !== LIVE_PATH) return false;
      connect(req, socket, head).catch((err: unknown) => {
        options.log?.(`live: $connect failed: ${err instanceof Error ? err.message : String(err)}`);
        refuse(socket, 500, 'Internal Server Error');
      });
      return true;
    },
    management(req, res) {
      const reply = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(body === undefined ? '' : JSON.stringify(body));
      };
      // The SDK signs its calls (SigV4); a browser's cross-site request cannot send this header.
      if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256')) return reply(403, { message: 'Forbidden' });
      const connectionId = decodeURIComponent((req.url ?? '').slice(MANAGEMENT_PREFIX.length).split('?')[0]!);
      const ws = sockets.get(connectionId);
      if (!ws) return reply(410, { message: 'Gone' }, { 'x-amzn-errortype': 'GoneException' });
      if (req.method === 'DELETE') {
        ws.close(1000);
        return reply(204);
      }
      if (req.method !== 'POST') return reply(200, { connectedAt: null });
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        ws.send(Buffer.concat(chunks).toString('utf8'), (err) => (err ? reply(410, { message: 'Gone' }, { 'x-amzn-errortype': 'GoneException' }) : reply(200)));
      });
    },
    get open() {
      return sockets.size;
    },
    close: async () => {
      for (const ws of sockets.values()) ws.terminate();
      sockets.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
