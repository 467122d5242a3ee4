// Connects the router's file routes to shared/ui-routes.ts: the table entry of the page being shown,
// and a compile-time proof that the route files and the table list exactly the same paths.
import { UI_ROUTES, type UiPath, type UiRoute } from '#shared/ui-routes.ts';
import type { FileRoutesByTo } from '../routeTree.gen.ts';

/** A table path as TanStack Router writes it: `/fund/{fundID}` becomes `/fund/$fundID`. */
export type RouterPath<P extends string> = P extends `${infer Head}{${infer Name}}${infer Rest}`
  ? `${Head}$${Name}${RouterPath<Rest>}`
  : P;

export function routerPathOf(path: string): string {
  return path.replace(/\{(\w+)\}/g, '$$$1');
}

const byRouterPath = new Map<string, UiRoute>(UI_ROUTES.map((route) => [routerPathOf(route.path), route]));

/** The table entry of a matched route's full path; index routes end in a slash, table paths do not. */
export function uiRouteOf(fullPath: string): UiRoute | undefined {
  const normalised = fullPath.length > 1 && fullPath.endsWith('/') ? fullPath.slice(0, -1) : fullPath;
  return byRouterPath.get(normalised);
}

type Expected = RouterPath<UiPath>;
type Actual = keyof FileRoutesByTo;
/**
 * Fails `npm run typecheck` naming the paths that have a table entry but no route file (`missing`) or
 * a route file but no table entry (`extra`).
 */
export const routeFilesMatchTable: [Exclude<Expected, Actual>, Exclude<Actual, Expected>] extends [never, never]
  ? true
  : { missing: Exclude<Expected, Actual>; extra: Exclude<Actual, Expected> } = true;
