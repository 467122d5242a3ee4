// /fundOrder/{orderID} (fundOrder): the fund order wizard; orderID "new" starts a new order, any other
// id edits that order of the signed-in agent. The step is the URL's ?step=. It opens only for a save the
// server would take (routing/order-save-access.ts): not for staff without an agent account, nor for a sales assistant.
import { createFileRoute } from '@tanstack/react-router';
import { wizardSearchSchema } from '@/components/wizard.tsx';
import { orderFundsQueryOptions } from '@/features/orders/api/list-order-funds.ts';
import { FundOrderPage, NEW_ORDER_ID } from '@/features/orders/wizard/fund-order-wizard.tsx';
import { guardPage } from '@/routing/guard-page.ts';
import { ownOrderSaveAccess } from '@/routing/order-save-access.ts';

export const Route = createFileRoute('/_app/fundOrder/$orderID/')({
  beforeLoad: guardPage('/fundOrder/$orderID', ({ user, flags, params }) =>
    ownOrderSaveAccess(user, flags, { flow: 'fund', creating: params.orderID === NEW_ORDER_ID }),
  ),
  validateSearch: wizardSearchSchema,
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(orderFundsQueryOptions),
  component: FundOrderRoute,
});

function FundOrderRoute() {
  const { orderID } = Route.useParams();
  const { step } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <FundOrderPage key={orderID} orderId={orderID} step={step} onStepChange={(s) => void navigate({ search: { step: s }, replace: true })} />;
}
