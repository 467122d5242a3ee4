// /order/edit/{orderID} (editOrder): the campaign order wizard over one of the signed-in agent's orders,
// prefilled from the order as stored. It opens only for a save the server would take
// (routing/order-save-access.ts): not for staff without an agent account, nor for a sales assistant.
import { createFileRoute } from '@tanstack/react-router';
import { wizardSearchSchema } from '@/components/wizard.tsx';
import { campaignVendorsQueryOptions } from '@/features/orders/api/list-campaign-vendors.ts';
import { CampaignOrderPage } from '@/features/orders/wizard/campaign-order-wizard.tsx';
import { guardPage } from '@/routing/guard-page.ts';
import { ownOrderSaveAccess } from '@/routing/order-save-access.ts';

export const Route = createFileRoute('/_app/order/edit/$orderID/')({
  beforeLoad: guardPage('/order/edit/$orderID', ({ user, flags }) => ownOrderSaveAccess(user, flags, { flow: 'campaign', creating: false })),
  validateSearch: wizardSearchSchema,
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(campaignVendorsQueryOptions),
  component: EditOrderRoute,
});

function EditOrderRoute() {
  const { orderID } = Route.useParams();
  const { step } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <CampaignOrderPage key={orderID} orderId={orderID} step={step} onStepChange={(s) => void navigate({ search: { step: s }, replace: true })} />;
}
