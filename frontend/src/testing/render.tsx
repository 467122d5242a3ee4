// The render wrapper for component tests: Mantine with the app's theme and a fresh React Query
// client per test (no retries, so a failing call shows at once), and optionally a memory router so
// components that use links, search params or route context render as they do in the app.
import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTestQueryClient } from './query-client.ts';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  type AnyRoute,
} from '@tanstack/react-router';
import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { cssVariablesResolver, themeFor } from '@/theme.ts';

export interface RenderOptions {
  queryClient?: QueryClient;
}


function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <MantineProvider theme={themeFor('captive')} cssVariablesResolver={cssVariablesResolver}>{children}</MantineProvider>
    </QueryClientProvider>
  );
}

/** Renders a component inside Mantine and React Query; returns testing-library's queries and a user. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const queryClient = options.queryClient ?? createTestQueryClient();
  const user = userEvent.setup();
  const result: RenderResult = render(<Providers client={queryClient}>{ui}</Providers>);
  return { ...result, user, queryClient };
}

export interface RouteRenderOptions extends RenderOptions {
  /** The URL the memory router starts at, e.g. '/?step=2'. */
  url?: string;
  /** The route the component renders in (path '/'); give it validateSearch to test search params. */
  route?: (root: AnyRoute) => AnyRoute;
}

/**
 * Renders `component` as the page of a one-route memory router, inside Mantine and React Query, and
 * waits for the router's first load. The router is returned so tests can read its location.
 */
export async function renderWithRouter(component: () => ReactElement, options: RouteRenderOptions = {}) {
  const queryClient = options.queryClient ?? createTestQueryClient();
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const pageRoute = options.route
    ? options.route(rootRoute)
    : createRoute({ getParentRoute: () => rootRoute, path: '/', component });
  const router = createRouter({
    routeTree: rootRoute.addChildren([pageRoute]),
    history: createMemoryHistory({ initialEntries: [options.url ?? '/'] }),
    context: { queryClient },
  });
  await router.load();
  const user = userEvent.setup();
  const result = render(
    <Providers client={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, user, queryClient, router };
}
