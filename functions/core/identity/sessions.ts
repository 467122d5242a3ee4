// Server-side sessions: a random token in an HttpOnly cookie, stored only as its hash in DynamoDB with a
// TTL. Signing out deletes the item, so an old cookie stops working at once. The session keeps a copy
// of its user (flags, agent), so a request resolves its caller with one read; the copy is refreshed
// from the user record at most USER_REFRESH_SECONDS old, which bounds how long a role change takes.
import { createHash, randomBytes } from 'node:crypto';
import { Session } from '#entities/session.ts';
import { ConditionFailed } from '#platform/db.ts';
import type { SessionUser } from '#platform/session-user.ts';
import { findUserById, permissionsFor, rolesFor, userFlags, type UserItem } from './users.ts';

export const SESSION_COOKIE = 'lc_session';
export const SESSION_HOURS = 12;
/** A change to a user (role, flags, linked agent, removal) reaches their live sessions within this. */
export const USER_REFRESH_SECONDS = 60;

export type { Session };

/** The stored id of a token: a database leak yields no usable cookie. */
const idOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Opens a session for a user (the record itself at sign-in, or its id); the user must exist. */
export async function createSession(userOrId: string | UserItem, now = new Date()): Promise<{ token: string; session: Session }> {
  const user = typeof userOrId === 'string' ? await findUserById(userOrId) : userOrId;
  if (!user) throw new Error('A session needs an existing user');
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + SESSION_HOURS * 3600_000);
  const session: Session = {
    sessionId: idOf(token),
    userId: user.userId,
    createdAt: now.toISOString(),
    expiresAt: expires.toISOString(),
    ttl: Math.floor(expires.getTime() / 1000),
    user,
    userCheckedAt: now.toISOString(),
  };
  await Session.put(session);
  return { token, session };
}

const validToken = (token: string) => /^[\w-]{20,100}$/.test(token);

/** The session item of a token, for a route's early read to fetch beside its own items (none for a malformed token). */
export const sessionRef = (token: string | undefined) => (token && validToken(token) ? Session.ref({ sessionId: idOf(token) }) : undefined);

/** The session item as an early read fetched it (consistently); undefined when that read failed, so it is read again. */
export type EarlySession = Promise<{ item: Session | undefined } | undefined>;

/** The live session of a token, or undefined (unknown, or expired but not yet removed by TTL). */
export async function findSession(token: string, now = new Date(), early?: EarlySession): Promise<Session | undefined> {
  if (!validToken(token)) return undefined;
  const read = early && (await early);
  const session = read ? read.item : await Session.get({ sessionId: idOf(token) }, { consistent: true });
  return session && session.expiresAt > now.toISOString() ? session : undefined;
}

/**
 * The signed-in caller of a token: one consistent read of the session while its copy of the user is
 * fresh; otherwise the user is read again and the copy rewritten (a removed user ends the session).
 */
export async function sessionUser(token: string | undefined, now = new Date(), early?: EarlySession): Promise<SessionUser | undefined> {
  if (!token) return undefined;
  const session = await findSession(token, now, early);
  if (!session) return undefined;
  const fresh = session.user && session.userCheckedAt && now.getTime() - Date.parse(session.userCheckedAt) < USER_REFRESH_SECONDS * 1000;
  const user = fresh ? session.user : await refreshUser(session, now);
  if (!user) return undefined;
  const flags = userFlags(user);
  return {
    userId: user.userId,
    sessionId: session.sessionId,
    email: user.email,
    name: user.name,
    ...(user.agentId ? { agentId: user.agentId } : {}),
    flags,
    permissions: permissionsFor(flags),
    roles: rolesFor(flags),
  };
}

async function refreshUser(session: Session, now: Date): Promise<UserItem | undefined> {
  const user = await findUserById(session.userId);
  if (!user) {
    await Session.delete({ sessionId: session.sessionId });
    return undefined;
  }
  try {
    // Only while the session still exists: a sign-out racing this request must not be undone.
    await Session.patch({ sessionId: session.sessionId }, { set: { user, userCheckedAt: now.toISOString() } });
  } catch (err) {
    if (err instanceof ConditionFailed) return undefined;
    throw err;
  }
  return user;
}

/**
 * After an administrator removed a user (`end`) or changed their role: their open sessions end now, or
 * read the user again on their next request, instead of acting on their copy of the user for up to
 * USER_REFRESH_SECONDS (a removed partner administrator could otherwise still rotate the vendor's token
 * or invite another administrator in that minute). A session gone meanwhile is passed over.
 */
export async function recheckSessionsOf(userId: string, how: 'end' | 'reread'): Promise<void> {
  const sessions = await Session.query.ofUser(userId).all();
  await Promise.all(
    sessions.map(async ({ sessionId }) => {
      if (how === 'end') return Session.delete({ sessionId });
      try {
        await Session.patch({ sessionId }, { set: { userCheckedAt: new Date(0).toISOString() } });
      } catch (err) {
        if (!(err instanceof ConditionFailed)) throw err;
      }
    }),
  );
}

export async function deleteSession(token: string): Promise<void> {
  await Session.delete({ sessionId: idOf(token) });
}

/** Secure everywhere except a plain-http origin on this machine. */
export const secureFor = (appOrigin: string) => !appOrigin.startsWith('http://localhost') && !appOrigin.startsWith('http://127.0.0.1');

export function sessionCookie(token: string, session: Session, appOrigin: string): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Expires=${new Date(session.expiresAt).toUTCString()}${secureFor(appOrigin) ? '; Secure' : ''}`;
}

export function clearedSessionCookie(appOrigin: string): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Expires=Thu, 01 Jan 1970 00:00:00 GMT${secureFor(appOrigin) ? '; Secure' : ''}`;
}

/**
 * The cookie that binds a sign-in in flight to the browser that started it: it carries the OIDC state,
 * and the callback proceeds only when the state in its URL equals this browser's cookie. A callback URL
 * opened in another browser (login CSRF) then has no matching cookie.
 */
export const AUTH_COOKIE = 'lc_auth';
export const AUTH_COOKIE_SECONDS = 600;

export function authStateCookie(state: string, appOrigin: string): string {
  return `${AUTH_COOKIE}=${state}; Path=/api/auth; HttpOnly; SameSite=Lax; Max-Age=${AUTH_COOKIE_SECONDS}${secureFor(appOrigin) ? '; Secure' : ''}`;
}

export function clearedAuthStateCookie(appOrigin: string): string {
  return `${AUTH_COOKIE}=; Path=/api/auth; HttpOnly; SameSite=Lax; Max-Age=0${secureFor(appOrigin) ? '; Secure' : ''}`;
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
