// /vendor/new (newVendor): New Vendor, the vendor form with Select Campaigns.
import { createFileRoute } from '@tanstack/react-router';
import { campaignChoicesQueryOptions } from '@/features/vendors/api/list-campaign-choices.ts';
import { NewVendorPage } from '@/features/vendors/vendor-form-pages.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/vendor/new')({
  beforeLoad: guardPage('/vendor/new'),
  // The campaigns are only offered: a failed read leaves Select Campaigns empty, not the page.
  loader: ({ context: { queryClient } }) => queryClient.prefetchQuery(campaignChoicesQueryOptions),
  component: NewVendorPage,
});
