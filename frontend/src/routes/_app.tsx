// The signed-in area: every screen except the public sales forms. Loading the user (GET /api/me)
// and the session check belong in this layout's beforeLoad, so the public forms never run them.
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AppFrame } from '@/components/app-frame.tsx';
import { PageWrapper } from '@/components/page-wrapper.tsx';

export const Route = createFileRoute('/_app')({
  component: SignedInLayout,
});

function SignedInLayout() {
  return (
    <AppFrame>
      <PageWrapper>
        <Outlet />
      </PageWrapper>
    </AppFrame>
  );
}
