// /leads/disputes (adminDisputes): the staff dispute queue; ?status= picks Submitted (the default),
// Approved or Denied, and the first page is loaded before the screen shows.
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { DISPUTE_STATUS_VALUES } from '#shared/api/disputes.ts';
import { disputesQueryOptions } from '@/features/disputes/api/list-disputes.ts';
import { DisputesPage } from '@/features/disputes/disputes-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';

const searchSchema = z.object({ status: z.enum(DISPUTE_STATUS_VALUES).catch('Submitted').default('Submitted') });

export const Route = createFileRoute('/_app/leads/disputes')({
  beforeLoad: guardPage('/leads/disputes'),
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ status: search.status }),
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureInfiniteQueryData(disputesQueryOptions(deps.status)),
  component: DisputesRoute,
});

function DisputesRoute() {
  const navigate = Route.useNavigate();
  const { status } = Route.useSearch();
  return <DisputesPage status={status} onStatusChange={(next) => void navigate({ search: { status: next }, replace: true })} />;
}
