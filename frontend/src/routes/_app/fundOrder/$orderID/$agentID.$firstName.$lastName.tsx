// /fundOrder/{orderID}/{agentID}/{firstName}/{lastName} (adminFundOrder): the fund order wizard as
// staff use it for an agent (orderID "new" for a new order), with the admin notice banner; saving goes
// back to that agent's fund orders. It opens only for a save the server would take: managers and support
// create fund orders only under the New Fund Order flag and edit none (routing/order-save-access.ts).
import { createFileRoute } from '@tanstack/react-router';
import { wizardSearchSchema } from '@/components/wizard.tsx';
import { orderFundsQueryOptions } from '@/features/orders/api/list-order-funds.ts';
import { FundOrderPage, NEW_ORDER_ID } from '@/features/orders/wizard/fund-order-wizard.tsx';
import { parseRouteValues } from '@/routing/route-values.ts';
import { guardPage } from '@/routing/guard-page.ts';
import { orderSaveAccess } from '@/routing/order-save-access.ts';

export const Route = createFileRoute('/_app/fundOrder/$orderID/$agentID/$firstName/$lastName')({
  beforeLoad: guardPage('/fundOrder/$orderID/$agentID/$firstName/$lastName', ({ user, flags, params }) =>
    orderSaveAccess(user, flags, { flow: 'fund', creating: params.orderID === NEW_ORDER_ID, agentId: params.agentID ?? '' }),
  ),
  params: { parse: parseRouteValues, stringify: (params) => params },
  validateSearch: wizardSearchSchema,
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(orderFundsQueryOptions),
  component: AdminFundOrderRoute,
});

function AdminFundOrderRoute() {
  const { orderID, agentID, firstName, lastName } = Route.useParams();
  const { step } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <FundOrderPage
      key={`${agentID}/${orderID}`}
      orderId={orderID}
      admin={{ agentID, firstName, lastName }}
      step={step}
      onStepChange={(s) => void navigate({ search: { step: s }, replace: true })}
    />
  );
}
