// Page permission checks before a page loads: each signed-in route's beforeLoad calls guardPage with
// its own path, so a refused user never runs the page's loaders (and never calls its APIs). The
// route's error component shows the refusal as 'Not allowed to view this resource.' with what is
// missing (spec part 1 §2.2, §6), or that no agent account is linked to the user.
import type { QueryClient } from '@tanstack/react-query';
import { featureFlagsQueryOptions, type FeatureFlags } from '@/api/get-feature-flags.ts';
import { meQueryOptions, type User } from '@/api/get-me.ts';
import type { UiPath } from '#shared/ui-routes.ts';
import { pageAccess, type PageAccess, type PageRefusal } from './page-access.ts';
import { type RouterPath, uiRouteOf } from './ui-route-lookup.ts';

/** Thrown by a route's beforeLoad when the user may not open the page. */
export class PageRefused extends Error {
  constructor(readonly refusal: PageRefusal) {
    super('Not allowed to view this resource.');
    this.name = 'PageRefused';
  }
}

/** What a page's own further check reads: the signed-in user, the feature flags and the route's parameters. */
export interface PageCheckInput {
  user: User;
  flags: FeatureFlags;
  params: Readonly<Record<string, string | undefined>>;
}

/**
 * The beforeLoad of the page at `path` (the router's spelling of a route-table path, checked at
 * compile time): it reads the signed-in user, which the signed-in layout has already loaded. A page
 * whose rule depends on more than the table says (the order wizards: whose order, new or not, a feature
 * flag, and for the agent's own wizards an agent account) adds `further`, asked only once the table's
 * rule lets the user in.
 */
export function guardPage(path: RouterPath<UiPath>, further?: (input: PageCheckInput) => PageAccess) {
  const route = uiRouteOf(path);
  if (!route) throw new Error(`No route-table entry for ${path}`);
  // Generic in the parameters, so the route's own parameter types are not widened by this hook.
  return async <Params extends object>({ context, params }: { context: { queryClient: QueryClient }; params?: Params }) => {
    const user = await context.queryClient.ensureQueryData(meQueryOptions);
    const access = pageAccess(route.access, user, (params ?? {}) as PageCheckInput['params']);
    if (!access.allowed) throw new PageRefused(access);
    if (!further) return;
    const flags = await context.queryClient.ensureQueryData(featureFlagsQueryOptions);
    const more = further({ user, flags, params: (params ?? {}) as PageCheckInput['params'] });
    if (!more.allowed) throw new PageRefused(more);
  };
}
