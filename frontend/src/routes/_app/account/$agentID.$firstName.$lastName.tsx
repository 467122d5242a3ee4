// /account/{agentID}/{firstName}/{lastName} (adminAccount): an agent's account as admin, manager or
// support see it. Route values are word characters and hyphens only (spec part 1 §2.1).
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AdminAccountPage } from '@/features/account/admin-account-page.tsx';

const routeValue = z.string().regex(/^[\w-]+$/);

export const Route = createFileRoute('/_app/account/$agentID/$firstName/$lastName')({
  params: {
    parse: (raw) => z.object({ agentID: routeValue, firstName: routeValue, lastName: routeValue }).parse(raw),
    stringify: (params) => params,
  },
  component: AdminAccountRoute,
});

function AdminAccountRoute() {
  return <AdminAccountPage agent={Route.useParams()} />;
}
