// /order/new/{agentID}/{firstName}/{lastName} (adminNewOrder): the campaign order wizard as staff use it
// for an agent, with the admin notice banner; a saved order's Close goes to that agent's orders. Managers
// and support cannot create orders for an agent (2§6): the page refuses them (routing/order-save-access.ts).
import { createFileRoute } from '@tanstack/react-router';
import { wizardSearchSchema } from '@/components/wizard.tsx';
import { campaignVendorsQueryOptions } from '@/features/orders/api/list-campaign-vendors.ts';
import { CampaignOrderPage } from '@/features/orders/wizard/campaign-order-wizard.tsx';
import { parseRouteValues } from '@/routing/route-values.ts';
import { guardPage } from '@/routing/guard-page.ts';
import { orderSaveAccess } from '@/routing/order-save-access.ts';

export const Route = createFileRoute('/_app/order/new/$agentID/$firstName/$lastName')({
  beforeLoad: guardPage('/order/new/$agentID/$firstName/$lastName', ({ user, flags, params }) =>
    orderSaveAccess(user, flags, { flow: 'campaign', creating: true, agentId: params.agentID ?? '' }),
  ),
  params: { parse: parseRouteValues, stringify: (params) => params },
  validateSearch: wizardSearchSchema,
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(campaignVendorsQueryOptions),
  component: AdminNewOrderRoute,
});

function AdminNewOrderRoute() {
  const { agentID, firstName, lastName } = Route.useParams();
  const { step } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <CampaignOrderPage key={agentID} admin={{ agentID, firstName, lastName }} step={step} onStepChange={(s) => void navigate({ search: { step: s }, replace: true })} />;
}
