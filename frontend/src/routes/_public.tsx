// The public area (the sales forms): no sign-in and no start-up loading of the user (spec part 1 §2.1).
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { PageWrapper } from '@/components/page-wrapper.tsx';
import { PublicFrame } from '@/components/public-frame.tsx';

export const Route = createFileRoute('/_public')({
  component: PublicLayout,
});

function PublicLayout() {
  return (
    <PublicFrame>
      <PageWrapper>
        <Outlet />
      </PageWrapper>
    </PublicFrame>
  );
}
