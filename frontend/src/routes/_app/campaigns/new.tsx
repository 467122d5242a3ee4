// /campaigns/new: New Campaign, the campaign form with the defaults of spec part 3 §9.
import { createFileRoute } from '@tanstack/react-router';
import { NewCampaignPage } from '@/features/campaigns/campaign-pages.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/campaigns/new')({
  beforeLoad: guardPage('/campaigns/new'),
  component: NewCampaignPage,
});
