// The signed-in part of the page wrapper (spec part 1 §2.2): skeletons while signing out, otherwise
// the page. Who may open a page is checked earlier, in each route's beforeLoad (routing/guard-page.ts),
// so a refused user's page never loads its data.
import type { ReactNode } from 'react';
import { PageSkeleton } from './page-skeleton.tsx';
import { useShell } from './shell/shell-context.ts';

export function PageGuard({ children }: { children: ReactNode }) {
  const { signingOut } = useShell();
  return signingOut ? <PageSkeleton /> : children;
}
