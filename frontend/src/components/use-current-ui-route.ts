// The route-table entry (shared/ui-routes.ts) of the page the router is showing.
import { useMatches } from '@tanstack/react-router';
import type { UiRoute } from '#shared/ui-routes.ts';
import { uiRouteOf } from '@/routing/ui-route-lookup.ts';

export function useCurrentUiRoute(): UiRoute | undefined {
  const fullPath = useMatches({ select: (matches) => matches.at(-1)?.fullPath });
  return fullPath === undefined ? undefined : uiRouteOf(fullPath);
}
