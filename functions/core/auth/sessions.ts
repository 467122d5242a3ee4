// Server-side sessions: a random token in an HttpOnly cookie, stored only as its hash in DynamoDB with a
// TTL. Signing out deletes the item, so an old cookie stops working at once.
import { createHash, randomBytes } from 'node:crypto';
import { Session } from '#entities/session.ts';

export const SESSION_COOKIE = 'lc_session';
export const SESSION_HOURS = 12;

export type { Session };

/** The stored id of a token: a database leak yields no usable cookie. */
const idOf = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function createSession(userId: string, now = new Date()): Promise<{ token: string; session: Session }> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + SESSION_HOURS * 3600_000);
  const session: Session = {
    sessionId: idOf(token),
    userId,
    createdAt: now.toISOString(),
    expiresAt: expires.toISOString(),
    ttl: Math.floor(expires.getTime() / 1000),
  };
  await Session.put(session);
  return { token, session };
}

/** The live session of a token, or undefined (unknown, or expired but not yet removed by TTL). */
export async function findSession(token: string, now = new Date()): Promise<Session | undefined> {
  if (!/^[\w-]{20,100}$/.test(token)) return undefined;
  const session = await Session.get({ sessionId: idOf(token) }, { consistent: true });
  return session && session.expiresAt > now.toISOString() ? session : undefined;
}

export async function deleteSession(token: string): Promise<void> {
  await Session.delete({ sessionId: idOf(token) });
}

/** Secure everywhere except a plain-http origin on this machine. */
const secureFor = (appOrigin: string) => !appOrigin.startsWith('http://localhost') && !appOrigin.startsWith('http://127.0.0.1');

export function sessionCookie(token: string, session: Session, appOrigin: string): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Expires=${new Date(session.expiresAt).toUTCString()}${secureFor(appOrigin) ? '; Secure' : ''}`;
}

export function clearedSessionCookie(appOrigin: string): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Expires=Thu, 01 Jan 1970 00:00:00 GMT${secureFor(appOrigin) ? '; Secure' : ''}`;
}

/** A cookie's value from an API Gateway v2 event's `cookies` list (or a raw Cookie header). */
export function readCookie(cookies: readonly string[] | undefined, header: string | undefined, name: string): string | undefined {
  const all = [...(cookies ?? []), ...(header ? header.split(';') : [])];
  for (const c of all) {
    const [k, ...v] = c.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}
