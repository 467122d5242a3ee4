// /campaigns/edit/{campaignID}: Edit Campaign, the campaign form filled from the stored campaign.
import { createFileRoute } from '@tanstack/react-router';
import { campaignQueryOptions } from '@/features/campaigns/api/get-campaign.ts';
import { EditCampaignPage } from '@/features/campaigns/campaign-pages.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/campaigns/edit/$campaignID')({
  beforeLoad: guardPage('/campaigns/edit/$campaignID'),
  loader: ({ context: { queryClient }, params }) => queryClient.ensureQueryData(campaignQueryOptions(params.campaignID)),
  component: EditCampaignRoute,
});

function EditCampaignRoute() {
  return <EditCampaignPage campaignId={Route.useParams().campaignID} />;
}
