// Whether the signed-in user may open a page of the route table, and if not, what they lack: spec
// part 1 §6 "A page needs at least one of its listed permissions; otherwise the not-allowed message
// with the missing permissions shows."
import type { Permission, Role } from '#shared/permissions.ts';
import type { UiAccess } from '#shared/ui-routes.ts';

export type PageAccess =
  | { allowed: true }
  /** `of` says whether the page names permissions or, for the spec's role-only pages, roles. */
  | { allowed: false; of: 'permissions' | 'roles'; missing: readonly string[] };

interface Holder {
  Permissions: readonly Permission[];
  Roles: readonly Role[];
}

/**
 * A user passes with any one listed permission (or role, for the spec's role-only pages). A refusal
 * lists what the page asks for that the user does not hold; with "any one of" that is all of it.
 * A path outside the table (the not-found page) or a page with nothing listed is open to everyone.
 */
export function pageAccess(access: UiAccess | undefined, user: Holder): PageAccess {
  if (!access || access.kind === 'public') return { allowed: true };
  const [needed, held]: [readonly string[], readonly string[]] =
    access.kind === 'anyPermission' ? [access.anyPermission, user.Permissions] : [access.anyRole, user.Roles];
  if (needed.length === 0 || needed.some((item) => held.includes(item))) return { allowed: true };
  const of = access.kind === 'anyPermission' ? 'permissions' : 'roles';
  return { allowed: false, of, missing: needed.filter((item) => !held.includes(item)) };
}
