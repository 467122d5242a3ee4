// The root route: it only renders the matched layout and carries the query client to every loader.
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '@/router.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
});
