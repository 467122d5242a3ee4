// /campaigns/doNotCall (doNotCallLists): the do-not-call lists (issue 24), for staff who edit campaigns.
import { createFileRoute } from '@tanstack/react-router';
import { dncListsQueryOptions } from '@/features/do-not-call/api/do-not-call-lists.ts';
import { DoNotCallPage } from '@/features/do-not-call/do-not-call-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/campaigns/doNotCall')({
  beforeLoad: guardPage('/campaigns/doNotCall'),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(dncListsQueryOptions()),
  component: DoNotCallPage,
});
