// The signed-in part of the page wrapper (spec part 1 §2.2): skeletons while signing out, otherwise
// the page, or the not-allowed message when the user lacks what the route table asks for.
import type { ReactNode } from 'react';
import { useMe } from '@/api/get-me.ts';
import { pageAccess } from '@/routing/page-access.ts';
import { NotAllowed } from './not-allowed.tsx';
import { PageSkeleton } from './page-skeleton.tsx';
import { useShell } from './shell/shell-context.ts';
import { useCurrentUiRoute } from './use-current-ui-route.ts';

export function PageGuard({ children }: { children: ReactNode }) {
  const user = useMe();
  const page = useCurrentUiRoute();
  const { signingOut } = useShell();
  if (signingOut) return <PageSkeleton />;
  const access = pageAccess(page?.access, user);
  return access.allowed ? children : <NotAllowed of={access.of} missing={access.missing} />;
}
