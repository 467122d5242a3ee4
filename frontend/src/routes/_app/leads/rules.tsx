// /leads/rules (adminLeadRules): Routing Rules, not built yet.
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailablePage } from '@/components/not-available-page.tsx';

export const Route = createFileRoute('/_app/leads/rules')({
  component: NotAvailablePage,
});
