// /partner/{vendorID}/users (partnerUsers): the vendor's partner-portal users; its administrators invite,
// change roles and remove (issue 24).
import { createFileRoute } from '@tanstack/react-router';
import { partnerUsersQueryOptions } from '@/features/partner/api/partner-users.ts';
import { UsersPage } from '@/features/partner/users-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_partner/partner/$vendorID/users')({
  beforeLoad: guardPage('/partner/$vendorID/users'),
  loader: ({ context: { queryClient }, params }) => queryClient.ensureQueryData(partnerUsersQueryOptions(params.vendorID)),
  component: UsersRoute,
});

function UsersRoute() {
  const { vendorID } = Route.useParams();
  return <UsersPage vendorId={vendorID} />;
}
