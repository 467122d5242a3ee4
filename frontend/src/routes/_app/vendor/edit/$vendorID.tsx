// /vendor/edit/{vendorID} (editVendor): Edit Vendor, not built yet.
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailablePage } from '@/components/not-available-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/vendor/edit/$vendorID')({
  beforeLoad: guardPage('/vendor/edit/$vendorID'),
  component: NotAvailablePage,
});
