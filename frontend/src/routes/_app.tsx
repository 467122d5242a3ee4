// The signed-in area: every screen except the public sales forms. Its beforeLoad loads the user,
// configuration and feature flags before anything renders; with no session the API client has
// already sent the browser to sign-in. The public forms never run it (spec part 1 §2.1).
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { configsQueryOptions } from '@/api/get-configs.ts';
import { featureFlagsQueryOptions } from '@/api/get-feature-flags.ts';
import { meQueryOptions } from '@/api/get-me.ts';
import { AppFrame } from '@/components/app-frame.tsx';
import { PageGuard } from '@/components/page-guard.tsx';
import { PageWrapper } from '@/components/page-wrapper.tsx';
import { ShellSkeleton } from '@/components/shell-skeleton.tsx';

export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context: { queryClient } }) => {
    const [me] = await Promise.all([
      queryClient.ensureQueryData(meQueryOptions),
      queryClient.ensureQueryData(configsQueryOptions),
      queryClient.ensureQueryData(featureFlagsQueryOptions),
    ]);
    // A vendor user (issue 24) has no page here: the partner portal is theirs.
    if (me.Vendor) throw redirect({ to: '/partner', replace: true });
  },
  pendingComponent: ShellSkeleton,
  // At once, not after the router's default second: index.html's static skeleton hands over to this
  // one, so a slow first load never shows a blank page in between. And gone as soon as the load ends,
  // not held for the router's default half second: the skeleton was on screen from the first paint, so
  // the page cannot flash, and every full load showed the page half a second late (issue 22).
  pendingMs: 0,
  pendingMinMs: 0,
  component: SignedInLayout,
});

function SignedInLayout() {
  return (
    <AppFrame>
      <PageWrapper>
        <PageGuard>
          <Outlet />
        </PageGuard>
      </PageWrapper>
    </AppFrame>
  );
}
