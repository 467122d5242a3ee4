// /vendor/new (newVendor): New Vendor, not built yet.
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailablePage } from '@/components/not-available-page.tsx';

export const Route = createFileRoute('/_app/vendor/new')({
  component: NotAvailablePage,
});
