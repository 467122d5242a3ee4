// /order/edit/{orderID}/{agentID}/{firstName}/{lastName} (adminEditOrder): an admin edits an agent's
// campaign order, with the admin notice banner; a saved order's Close goes to that agent's orders. Besides
// the admin role it asks the save's own rule (routing/order-save-access.ts), as the other wizard routes do.
import { createFileRoute } from '@tanstack/react-router';
import { wizardSearchSchema } from '@/components/wizard.tsx';
import { campaignVendorsQueryOptions } from '@/features/orders/api/list-campaign-vendors.ts';
import { CampaignOrderPage } from '@/features/orders/wizard/campaign-order-wizard.tsx';
import { parseRouteValues } from '@/routing/route-values.ts';
import { guardPage } from '@/routing/guard-page.ts';
import { orderSaveAccess } from '@/routing/order-save-access.ts';

export const Route = createFileRoute('/_app/order/edit/$orderID/$agentID/$firstName/$lastName')({
  beforeLoad: guardPage('/order/edit/$orderID/$agentID/$firstName/$lastName', ({ user, flags, params }) =>
    orderSaveAccess(user, flags, { flow: 'campaign', creating: false, agentId: params.agentID ?? '' }),
  ),
  params: { parse: parseRouteValues, stringify: (params) => params },
  validateSearch: wizardSearchSchema,
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(campaignVendorsQueryOptions),
  component: AdminEditOrderRoute,
});

function AdminEditOrderRoute() {
  const { orderID, agentID, firstName, lastName } = Route.useParams();
  const { step } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CampaignOrderPage
      key={`${agentID}/${orderID}`}
      orderId={orderID}
      admin={{ agentID, firstName, lastName }}
      step={step}
      onStepChange={(s) => void navigate({ search: { step: s }, replace: true })}
    />
  );
}
