// The gatekeeper every API area uses: resolves the session cookie to a user, refuses cross-site
// state-changing requests, and applies the manifest's permission and ownership rules.
import { Downline } from '#entities/downline.ts';
import { authorizeCaller, authorizeOwner, authorizeVendorPath, type DownlineCheck } from '#platform/authorize.ts';
import { config } from '#platform/config.ts';
import { Forbidden } from '#platform/errors.ts';
import { areaHandler, type AreaOptions, type AreaRoutes, type Gatekeeper } from '#platform/http.ts';
import type { Area } from '#shared/manifest.ts';
import { readCookie, SESSION_COOKIE, sessionUser, type EarlySession } from './sessions.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const isInDownline: DownlineCheck = async (ancestorId, descendantId) => {
  return (await Downline.get({ ancestorId, descendantId })) !== undefined;
};

/** The caller of a session token (one read; see sessions.ts for how fresh its user is). */
export const userForSession = sessionUser;

export const sessionGatekeeper: Gatekeeper = {
  async authenticate(route, event, early) {
    if (route.auth !== 'session') return undefined;
    // A route's early read may fetch the session beside its own items (the agent transfer): no read of its own then.
    const session = (early as { session?: EarlySession } | undefined)?.session;
    return userForSession(readCookie(event.cookies, event.headers?.cookie, SESSION_COOKIE), new Date(), session);
  },
  async authorize(route, user, event) {
    authorizeCaller(route, user);
    authorizeVendorPath(route, user, event.pathParameters);
    // The session cookie is SameSite=Lax; the Origin check closes the remaining cross-site paths.
    if (route.auth === 'session') assertSameOrigin(route.method, event.headers?.origin);
  },
  async authorizeOwner(route, user, input) {
    await authorizeOwner(route, user, input, isInDownline);
  },
};

/** An API area's Lambda handler, behind the session gatekeeper. */
export function apiArea(area: Area, routes: AreaRoutes, options: AreaOptions = {}) {
  return areaHandler(area, routes, () => sessionGatekeeper, options);
}

/** Refuses a state-changing request whose Origin is not the site's own. */
export function assertSameOrigin(method: string, origin: string | undefined): void {
  if (SAFE_METHODS.has(method)) return;
  if (origin !== config().APP_ORIGIN.replace(/\/$/, '')) throw new Forbidden('Cross-site request refused.');
}
