// /campaigns/new (newCampaign): New Campaign, not built yet.
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailablePage } from '@/components/not-available-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/campaigns/new')({
  beforeLoad: guardPage('/campaigns/new'),
  component: NotAvailablePage,
});
