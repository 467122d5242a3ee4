// /leads/all (adminAllLeads): All Leads, not built yet.
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailablePage } from '@/components/not-available-page.tsx';

export const Route = createFileRoute('/_app/leads/all')({
  component: NotAvailablePage,
});
