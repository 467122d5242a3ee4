// /order/new (newOrder): the campaign order wizard for the signed-in agent; the step is the URL's ?step=.
// It opens only for a save the server would take (routing/order-save-access.ts): not for staff without
// an agent account, nor for a sales assistant.
import { createFileRoute } from '@tanstack/react-router';
import { wizardSearchSchema } from '@/components/wizard.tsx';
import { campaignVendorsQueryOptions } from '@/features/orders/api/list-campaign-vendors.ts';
import { CampaignOrderPage } from '@/features/orders/wizard/campaign-order-wizard.tsx';
import { guardPage } from '@/routing/guard-page.ts';
import { ownOrderSaveAccess } from '@/routing/order-save-access.ts';

export const Route = createFileRoute('/_app/order/new/')({
  beforeLoad: guardPage('/order/new', ({ user, flags }) => ownOrderSaveAccess(user, flags, { flow: 'campaign', creating: true })),
  validateSearch: wizardSearchSchema,
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(campaignVendorsQueryOptions),
  component: NewOrderRoute,
});

function NewOrderRoute() {
  const { step } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <CampaignOrderPage step={step} onStepChange={(s) => void navigate({ search: { step: s }, replace: true })} />;
}
