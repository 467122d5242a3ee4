// Whether the signed-in user may open a page of the route table, and if not, what they lack: spec
// part 1 §6 "A page needs at least one of its listed permissions; otherwise the not-allowed message
// with the missing permissions shows."
import type { Permission, Role } from '#shared/permissions.ts';
import type { UiAccess } from '#shared/ui-routes.ts';

export type PageAccess =
  | { allowed: true }
  /** `of` says whether the page names permissions or, for the spec's role-only pages, roles. */
  | { allowed: false; of: 'permissions' | 'roles'; missing: readonly string[] }
  /** The page works on the signed-in user's own agent account (the agent's order wizards), and staff have none. */
  | { allowed: false; of: 'agentAccount' };

/** Why a page refuses the user, as its refusal shows it. */
export type PageRefusal = Extract<PageAccess, { allowed: false }>;

interface Holder {
  Permissions: readonly Permission[];
  Roles: readonly Role[];
  /** Vendor users (issue 24) carry their vendor; absent or null for staff and agents. */
  Vendor?: { VendorId: string } | null;
}

/**
 * A user passes with any one listed permission (or role, for the spec's role-only pages). A refusal
 * lists what the page asks for that the user does not hold; with "any one of" that is all of it.
 * A path outside the table (the not-found page) or a page with nothing listed is open to everyone.
 */
export function pageAccess(access: UiAccess | undefined, user: Holder, params: Readonly<Record<string, string | undefined>> = {}): PageAccess {
  if (!access || access.kind === 'public') return { allowed: true };
  // A vendor user opens only the partner portal, and in it only their own vendor's pages.
  if (user.Vendor) {
    if (access.kind !== 'partner') return refusedVendorUser(access);
    const asked = params.vendorID;
    return asked === undefined || asked === user.Vendor.VendorId ? { allowed: true } : { allowed: false, of: 'roles', missing: ['vendor'] };
  }
  if (access.kind === 'partner') {
    return access.staff.some((p) => user.Permissions.includes(p)) ? { allowed: true } : { allowed: false, of: 'permissions', missing: access.staff };
  }
  const [needed, held]: [readonly string[], readonly string[]] =
    access.kind === 'anyPermission' ? [access.anyPermission, user.Permissions] : [access.anyRole, user.Roles];
  if (needed.length === 0 || needed.some((item) => held.includes(item))) return { allowed: true };
  const of = access.kind === 'anyPermission' ? 'permissions' : 'roles';
  return { allowed: false, of, missing: needed.filter((item) => !held.includes(item)) };
}

/** What an agent or staff page asks for, none of which a vendor user holds. */
function refusedVendorUser(access: Exclude<UiAccess, { kind: 'public' | 'partner' }>): PageAccess {
  return access.kind === 'anyPermission' ? { allowed: false, of: 'permissions', missing: access.anyPermission } : { allowed: false, of: 'roles', missing: access.anyRole };
}
