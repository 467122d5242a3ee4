// /campaigns (campaigns): Campaigns, the catalogue's campaign list, loaded before the screen shows.
import { createFileRoute } from '@tanstack/react-router';
import { campaignListQueryOptions } from '@/features/campaigns/api/list-campaigns.ts';
import { CampaignsPage } from '@/features/campaigns/campaigns-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/campaigns/')({
  beforeLoad: guardPage('/campaigns'),
  // A failed list is only logged and shows as empty (spec part 3 §8): it must not fail the page.
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(campaignListQueryOptions).catch(() => undefined),
  component: CampaignsPage,
});
