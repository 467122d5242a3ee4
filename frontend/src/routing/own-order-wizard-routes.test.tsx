// The agent's own order wizard routes (/fundOrder/{orderID}, /order/new, /order/edit/{orderID}) run
// their real beforeLoad in a memory router with the app's error screen: a user with no agent account is
// refused before the wizard opens, an agent opens it.
import type { QueryClient } from '@tanstack/react-query';
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { MeDto } from '#shared/api/me.ts';
import { permissionsFor, rolesFor, type UserFlags } from '#shared/permissions.ts';
import { featureFlagsQueryOptions, type FeatureFlags } from '@/api/get-feature-flags.ts';
import { meQueryOptions } from '@/api/get-me.ts';
import { RouteError } from '@/components/route-error.tsx';
import { Route as FundOrderRoute } from '@/routes/_app/fundOrder/$orderID/index.tsx';
import { Route as EditOrderRoute } from '@/routes/_app/order/edit/$orderID/index.tsx';
import { Route as NewOrderRoute } from '@/routes/_app/order/new/index.tsx';
import { createTestQueryClient } from '@/testing/query-client.ts';
import { renderWithRouter } from '@/testing/render.tsx';

type Guard = (input: { context: { queryClient: QueryClient }; params: Record<string, string> }) => Promise<void>;

const NO_FLAGS = { isAdmin: false, isManager: false, isLeadConnectHome: false, isSalesAssistant: false, isSponsorAgent: false, isFundPreview: false } as const;
const FLAGS: FeatureFlags = {
  thirdPartyToggle: false,
  liveTransferCallData: false,
  liveTransferPhoneData: false,
  trainingData: false,
  validTrainingTitles: [],
  env: 'DEV',
  // The flag that lets support create fund orders for an agent: on, so only the missing account refuses.
  newFundOrderForStaff: true,
};

function userOf(agentId: string | null, over: Partial<UserFlags>): MeDto {
  const flags: UserFlags = { ...NO_FLAGS, kind: agentId ? 'agent' : 'staff', ...over };
  return {
    AgentId: agentId,
    Name: 'Test User',
    EmailAddress: 'user@leadportal.example.com',
    Permissions: permissionsFor(flags),
    Account: null,
    IsSalesAssistant: false,
    IsSponsorAgent: false,
    IsFundPreview: false,
    IsAdmin: flags.isAdmin,
    Roles: rolesFor(flags),
  };
}

const SUPPORT = userOf(null, { isLeadConnectHome: true });
const ADMIN = userOf(null, { isAdmin: true });
const AGENT = userOf('A000002', {});

/** Opens `url` on a route with `path` and the real route's beforeLoad; its page only says it opened. */
async function open(route: { options: { beforeLoad?: unknown } }, path: string, url: string, me: MeDto) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(meQueryOptions.queryKey, me);
  queryClient.setQueryData(featureFlagsQueryOptions.queryKey, FLAGS);
  const guard = route.options.beforeLoad as Guard;
  return renderWithRouter(() => <p>The wizard</p>, {
    queryClient,
    url,
    route: (root: AnyRoute) =>
      createRoute({
        getParentRoute: () => root,
        path,
        beforeLoad: ({ params }) => guard({ context: { queryClient }, params: params as Record<string, string> }),
        errorComponent: RouteError,
        component: () => <p>The wizard</p>,
      }),
  });
}

function expectNoAgentAccountRefusal() {
  expect(screen.getByRole('alert', { name: 'Not allowed to view this resource.' }).textContent).toContain('No agent account is linked to this user.');
  expect(screen.queryByText('The wizard')).toBeNull();
}

describe("the agent's own order wizard routes", () => {
  // A refusal is thrown from beforeLoad by design, and React and the router log every error a route throws.
  let quiet: MockInstance[] = [];
  beforeEach(() => {
    quiet = [vi.spyOn(console, 'error').mockImplementation(() => undefined), vi.spyOn(console, 'warn').mockImplementation(() => undefined)];
  });
  afterEach(() => quiet.forEach((spy) => spy.mockRestore()));

  it("refuses a support user without an agent account /fundOrder/new before it opens, with 'No agent account is linked to this user.'", async () => {
    await open(FundOrderRoute, '/fundOrder/$orderID', '/fundOrder/new', SUPPORT);
    expectNoAgentAccountRefusal();
  });

  it('opens /fundOrder/new for an agent', async () => {
    await open(FundOrderRoute, '/fundOrder/$orderID', '/fundOrder/new', AGENT);
    expect(screen.getByText('The wizard')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a support user without an agent account an edit at /fundOrder/{orderID}', async () => {
    await open(FundOrderRoute, '/fundOrder/$orderID', '/fundOrder/O1', SUPPORT);
    expectNoAgentAccountRefusal();
  });

  const CAMPAIGN_PAGES = [
    { route: NewOrderRoute, path: '/order/new', url: '/order/new' },
    { route: EditOrderRoute, path: '/order/edit/$orderID', url: '/order/edit/O1' },
  ];

  it.each(CAMPAIGN_PAGES)('refuses an admin without an agent account the campaign wizard at $url', async ({ route, path, url }) => {
    await open(route, path, url, ADMIN);
    expectNoAgentAccountRefusal();
  });

  it.each(CAMPAIGN_PAGES)('opens the campaign wizard at $url for an agent', async ({ route, path, url }) => {
    await open(route, path, url, AGENT);
    expect(screen.getByText('The wizard')).toBeTruthy();
  });
});
