// The partner portal's signed-in area (issue 24): vendor users, and staff viewing a vendor's portal. Its
// beforeLoad loads the user before anything renders (with no session the API client has already sent
// the browser to sign-in); each page's own beforeLoad (guardPage) lets in only a vendor's own users and
// staff who view vendors. The agent portal's shell, dialogs and live socket never load here.
import { createFileRoute, Outlet, useParams } from '@tanstack/react-router';
import { meQueryOptions, useMe } from '@/api/get-me.ts';
import { PageGuard } from '@/components/page-guard.tsx';
import { PageWrapper } from '@/components/page-wrapper.tsx';
import { PublicFrame } from '@/components/public-frame.tsx';
import { ShellSkeleton } from '@/components/shell-skeleton.tsx';
import { PartnerShell } from '@/features/partner/shell.tsx';
import { pageAccess } from '@/routing/page-access.ts';
import { uiRouteOf } from '@/routing/ui-route-lookup.ts';

export const Route = createFileRoute('/_partner')({
  beforeLoad: async ({ context: { queryClient } }) => {
    await queryClient.ensureQueryData(meQueryOptions);
  },
  pendingComponent: ShellSkeleton,
  // As the agent portal's (_app.tsx): at once, and gone as soon as the user is loaded.
  pendingMs: 0,
  pendingMinMs: 0,
  component: PartnerLayout,
});

const PARTNER_ACCESS = uiRouteOf('/partner/$vendorID')?.access;

function PartnerLayout() {
  const me = useMe();
  const { vendorID } = useParams({ strict: false });
  // /partner itself only sends the user on; a user refused this vendor's portal sees the refusal
  // without the shell, which would read the vendor they may not see.
  if (!vendorID || !pageAccess(PARTNER_ACCESS, me, { vendorID }).allowed) {
    return (
      <PublicFrame>
        <PageWrapper>
          <Outlet />
        </PageWrapper>
      </PublicFrame>
    );
  }
  return (
    <PartnerShell vendorId={vendorID}>
      <PageWrapper>
        <PageGuard>
          <Outlet />
        </PageGuard>
      </PageWrapper>
    </PartnerShell>
  );
}
