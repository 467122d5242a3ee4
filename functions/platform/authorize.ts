// Server-side authorization by the manifest: permissions or roles first, then whose data the route
// touches. The UI may hide things; this is what actually decides.
import type { Owner, RouteDef } from '#shared/manifest.ts';
import { isReadOnly, isStaff, isVendorUser } from '#shared/permissions.ts';
import { Forbidden, Unauthorized } from './errors.ts';
import type { SessionUser } from './session-user.ts';

/** Answers whether `descendantId` sits anywhere below `ancestorId` in the agent hierarchy. */
export type DownlineCheck = (ancestorId: string, descendantId: string) => Promise<boolean>;

/** The permissions a route lists that the user lacks (empty when the user passes). */
export function missingPermissions(route: Pick<RouteDef, 'access'>, user: Pick<SessionUser, 'permissions' | 'roles'>): string[] {
  const perms = route.access?.anyPermission ?? [];
  const roles = route.access?.anyRole ?? [];
  if (perms.length === 0 && roles.length === 0) return [];
  if (perms.some((p) => user.permissions.includes(p))) return [];
  if (roles.some((r) => user.roles.includes(r))) return [];
  return [...perms, ...roles.map((r) => `role:${r}`)];
}

/**
 * May this user act on `agentId`? Staff may act for any agent, except where only the account holder
 * may ('holder'); agents for themselves (and their downline where the reach allows).
 */
export async function canActFor(
  user: SessionUser,
  agentId: string,
  reach: 'self' | 'downline' | 'holder',
  isInDownline: DownlineCheck,
): Promise<boolean> {
  if (user.flags.kind === 'vendor') return false;
  if (reach === 'holder') return user.agentId === agentId;
  if (isStaff(user.flags)) return true;
  if (!user.agentId) return false;
  if (user.agentId === agentId) return true;
  // A sales assistant views one agent's account (its agentId) and reaches no further, not even that
  // agent's downline (reach decision in docs/api.md).
  if (isReadOnly(user.flags)) return false;
  return reach === 'downline' && (await isInDownline(user.agentId, agentId));
}

/**
 * May this user act on `vendorId` ("own vendor", issue 24)? A vendor user only on their own vendor;
 * staff (who passed the route's permission check) on any; agents on none.
 */
export function canActForVendor(user: Pick<SessionUser, 'flags'>, vendorId: string): boolean {
  if (user.flags.kind === 'vendor') return isVendorUser(user.flags) && user.flags.vendorId === vendorId;
  return isStaff(user.flags);
}

/**
 * The "own vendor" rule on the raw path, before any input is parsed: the check needs no read, so a vendor
 * user naming another vendor is a 403 whatever else the request says (a bad query included). The same
 * rule runs again on the parsed parameters (authorizeOwner).
 */
export function authorizeVendorPath(route: RouteDef, user: SessionUser | undefined, rawParams: Readonly<Record<string, string | undefined>> | undefined): void {
  const owner = route.access?.owner;
  if (route.auth !== 'session' || owner?.reach !== 'vendor' || !user || owner.param === undefined) return;
  const target = rawParams?.[owner.param];
  if (typeof target !== 'string' || !canActForVendor(user, target)) throw new Forbidden();
}

/** Vendor users pass only the routes that admit them: "own vendor" routes and those marked `vendorUsers`. */
export function admitsVendorUsers(route: Pick<RouteDef, 'access'>): boolean {
  return route.access?.owner?.reach === 'vendor' || route.access?.vendorUsers === true;
}

/** Throws 401 or 403 unless the caller may call this route at all: session, permissions, read-only users. */
export function authorizeCaller(route: RouteDef, user: SessionUser | undefined): void {
  if (route.auth !== 'session') return;
  if (!user) throw new Unauthorized();
  if (user.flags.kind === 'vendor' && !admitsVendorUsers(route)) throw new Forbidden();
  if (missingPermissions(route, user).length > 0) throw new Forbidden();
  // Read-only users read: every call but a GET, or a POST that only starts an export of what they read, is refused.
  if (route.method !== 'GET' && !route.startsExport && isReadOnly(user.flags)) throw new Forbidden();
  // Only an account's own agent passes a 'holder' rule; a user with no account is refused before any
  // input is read, unless the rule lets staff stop the movement (decided once the body is parsed).
  const owner = route.access?.owner;
  if (owner?.reach === 'holder' && !user.agentId && !(owner.staffMayStop && isStaff(user.flags))) throw new Forbidden();
}

/**
 * Whether the ownership check waits for the parsed body: the agent id is a body field, or the caller is
 * staff on a rule that lets staff stop the movement (the body says whether they do). Otherwise it runs
 * on the path, before the body is read: someone else's account is a 403 whatever the body says.
 */
export function ownerReadsBody(owner: Owner | undefined, user: SessionUser | undefined): boolean {
  return owner?.body !== undefined || (owner?.staffMayStop !== undefined && user !== undefined && isStaff(user.flags));
}

/** A 'holder' rule's exception: staff switching the money movement off (its `staffMayStop` field false). */
function staffStops(owner: Owner, user: SessionUser, body: unknown): boolean {
  if (owner.reach !== 'holder' || !owner.staffMayStop || !isStaff(user.flags)) return false;
  return typeof body === 'object' && body !== null && (body as Record<string, unknown>)[owner.staffMayStop] === false;
}

/** The agent (or vendor) id the route's ownership rule names, from the parsed path parameters or body. */
export function ownedAgentId(owner: Owner, input: { params: unknown; body: unknown }): unknown {
  const from = owner.param !== undefined ? input.params : input.body;
  const field = owner.param ?? owner.body;
  return typeof from === 'object' && from !== null && field !== undefined ? (from as Record<string, unknown>)[field] : undefined;
}

/** Throws 403 unless this user may act on the agent the route's ownership rule names. */
export async function authorizeOwner(
  route: RouteDef,
  user: SessionUser | undefined,
  input: { params: unknown; body: unknown },
  isInDownline: DownlineCheck,
): Promise<void> {
  const owner = route.access?.owner;
  if (route.auth !== 'session' || !owner) return;
  if (!user) throw new Unauthorized();
  const target = ownedAgentId(owner, input);
  if (typeof target !== 'string' || !target) throw new Forbidden();
  if (owner.reach === 'vendor') {
    if (!canActForVendor(user, target)) throw new Forbidden();
    return;
  }
  if (!(await canActFor(user, target, owner.reach, isInDownline)) && !staffStops(owner, user, input.body)) throw new Forbidden();
}

/** Both checks on raw path parameters (the chain runs them apart, parsing in between). */
export async function authorizeRoute(
  route: RouteDef,
  user: SessionUser | undefined,
  params: Record<string, string>,
  isInDownline: DownlineCheck,
  body?: unknown,
): Promise<void> {
  authorizeCaller(route, user);
  await authorizeOwner(route, user, { params, body }, isInDownline);
}
