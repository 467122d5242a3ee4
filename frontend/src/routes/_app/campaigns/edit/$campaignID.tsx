// /campaigns/edit/{campaignID} (editCampaign): Edit Campaign, not built yet.
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailablePage } from '@/components/not-available-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/campaigns/edit/$campaignID')({
  beforeLoad: guardPage('/campaigns/edit/$campaignID'),
  component: NotAvailablePage,
});
