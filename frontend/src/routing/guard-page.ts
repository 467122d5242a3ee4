// Page permission checks before a page loads: each signed-in route's beforeLoad calls guardPage with
// its own path, so a refused user never runs the page's loaders (and never calls its APIs). The
// route's error component shows the refusal as 'Not allowed to view this resource.' with what is
// missing (spec part 1 §2.2, §6).
import type { QueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '@/api/get-me.ts';
import type { UiPath } from '#shared/ui-routes.ts';
import { pageAccess } from './page-access.ts';
import { type RouterPath, uiRouteOf } from './ui-route-lookup.ts';

/** Thrown by a route's beforeLoad when the user may not open the page. */
export class PageRefused extends Error {
  constructor(
    readonly of: 'permissions' | 'roles',
    readonly missing: readonly string[],
  ) {
    super('Not allowed to view this resource.');
    this.name = 'PageRefused';
  }
}

/**
 * The beforeLoad of the page at `path` (the router's spelling of a route-table path, checked at
 * compile time): it reads the signed-in user, which the signed-in layout has already loaded.
 */
export function guardPage(path: RouterPath<UiPath>) {
  const route = uiRouteOf(path);
  if (!route) throw new Error(`No route-table entry for ${path}`);
  return async ({ context }: { context: { queryClient: QueryClient } }) => {
    const user = await context.queryClient.ensureQueryData(meQueryOptions);
    const access = pageAccess(route.access, user);
    if (!access.allowed) throw new PageRefused(access.of, access.missing);
  };
}
