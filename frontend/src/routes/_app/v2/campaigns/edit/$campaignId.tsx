// /v2/campaigns/edit/{campaignId} (editCampaignV2): Edit Campaign, not built yet.
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailablePage } from '@/components/not-available-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/v2/campaigns/edit/$campaignId')({
  beforeLoad: guardPage('/v2/campaigns/edit/$campaignId'),
  component: NotAvailablePage,
});
