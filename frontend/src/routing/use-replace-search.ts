// How a page writes its own search params (a table's page, sort and filters): replacing the history
// entry, and only while the user is still on that page. A filter's text reaches the URL once typing
// pauses; a link clicked in that pause starts loading the next page while this one is still shown, and
// a late write of this page's search would take the user back to it. A write that comes while another
// page is loading is dropped: the user has left.
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { SetSearch } from '@/components/server-table.ts';

/** A route's navigate (Route.useNavigate()), as far as writing its own search goes. */
type NavigateSearch<S> = (options: { search: (current: S) => S; replace: true }) => Promise<void>;

/** True while the router is loading a page other than the one on screen. */
export function leavingPage(state: { location: { pathname: string }; resolvedLocation?: { pathname: string } }): boolean {
  return state.resolvedLocation !== undefined && state.location.pathname !== state.resolvedLocation.pathname;
}

export function useReplaceSearch<S>(navigate: NavigateSearch<S>): SetSearch<S> {
  const router = useRouter();
  return useCallback<SetSearch<S>>(
    (update) => {
      if (leavingPage(router.state)) return;
      void navigate({ search: update, replace: true });
    },
    [navigate, router],
  );
}
