// /v2/campaigns/edit/{campaignId}: Edit Campaign, the same screen as /campaigns/edit/{campaignID}.
import { createFileRoute } from '@tanstack/react-router';
import { campaignQueryOptions } from '@/features/campaigns/api/get-campaign.ts';
import { EditCampaignPage } from '@/features/campaigns/campaign-pages.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/v2/campaigns/edit/$campaignId')({
  beforeLoad: guardPage('/v2/campaigns/edit/$campaignId'),
  loader: ({ context: { queryClient }, params }) => queryClient.ensureQueryData(campaignQueryOptions(params.campaignId)),
  component: EditCampaignRoute,
});

function EditCampaignRoute() {
  return <EditCampaignPage campaignId={Route.useParams().campaignId} />;
}
