// Lambda entry of the live socket (issue 23): the WebSocket API's $connect, $disconnect and $default
// routes (in AWS API Gateway's WebSocket API, locally the gateway's stand-in, infra/local/live-sockets.ts).
// A socket opens only for a signed-in user acting for an agent, from the site's own origin (a page of
// another site cannot open one with the user's cookie); it is remembered under that agent until it
// closes or the gateway's two-hour limit. Pushes go the other way (core/notifications): nothing the
// browser sends over the socket does anything.
import { z } from 'zod';
import { forgetConnection, rememberConnection } from '#core/notifications/notifications.ts';
import { readCookie, SESSION_COOKIE, sessionUser } from '#core/identity/sessions.ts';
import { config } from '#platform/config.ts';
import { logger } from '#platform/logger.ts';

const socketEvent = z.object({
  requestContext: z.object({
    routeKey: z.string(),
    connectionId: z.string().min(1).max(128),
  }),
  headers: z.record(z.string(), z.string().optional()).nullish(),
});

export interface SocketResult {
  statusCode: number;
  body?: string;
}

const answer = (statusCode: number, body?: string): SocketResult => ({ statusCode, ...(body ? { body } : {}) });

export async function handleSocketEvent(raw: unknown, now = new Date()): Promise<SocketResult> {
  const parsed = socketEvent.safeParse(raw);
  if (!parsed.success) return answer(400, 'Bad request');
  const { requestContext, headers } = parsed.data;
  const header = (name: string) => Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === name)?.[1];
  switch (requestContext.routeKey) {
    case '$connect': {
      if (header('origin') !== config().APP_ORIGIN.replace(/\/$/, '')) return answer(403, 'Cross-site socket refused.');
      const user = await sessionUser(readCookie(undefined, header('cookie'), SESSION_COOKIE), now);
      if (!user) return answer(401, 'Unauthorized');
      if (!user.agentId) return answer(403, 'Only agents receive live notifications.');
      await rememberConnection(user.agentId, requestContext.connectionId, now);
      return answer(200);
    }
    case '$disconnect':
      await forgetConnection(undefined, requestContext.connectionId);
      return answer(200);
    default:
      // The browser only listens; a message it sends is acknowledged and ignored.
      return answer(200);
  }
}

export const handler = async (event: unknown): Promise<SocketResult> => {
  try {
    return await handleSocketEvent(event);
  } catch (err) {
    logger.error('Live socket: an event failed', { error: err instanceof Error ? err.name : 'unknown' });
    return answer(500, 'Internal Server Error');
  }
};
