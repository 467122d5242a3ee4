// /v2/campaigns/new (newCampaignV2): New Campaign, not built yet.
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailablePage } from '@/components/not-available-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/v2/campaigns/new')({
  beforeLoad: guardPage('/v2/campaigns/new'),
  component: NotAvailablePage,
});
