// /reports/firstFamilyInternalLeads (firstFamilyInternalLeadsReport): Internal Leads, not built yet.
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailablePage } from '@/components/not-available-page.tsx';

export const Route = createFileRoute('/_app/reports/firstFamilyInternalLeads')({
  component: NotAvailablePage,
});
