// /account/{agentID}/{firstName}/{lastName} (adminAccount): an agent's account as admin, manager or
// support see it. Route values are word characters and hyphens only (spec part 1 §2.1).
import { createFileRoute } from '@tanstack/react-router';
import { AdminAccountPage } from '@/features/account/admin-account-page.tsx';
import { parseRouteValues } from '@/routing/route-values.ts';

export const Route = createFileRoute('/_app/account/$agentID/$firstName/$lastName')({
  params: {
    // A value outside the rule is the not-found page, not the error screen.
    parse: parseRouteValues,
    stringify: (params) => params,
  },
  component: AdminAccountRoute,
});

function AdminAccountRoute() {
  return <AdminAccountPage agent={Route.useParams()} />;
}
