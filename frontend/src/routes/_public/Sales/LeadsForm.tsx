// /Sales/LeadsForm (salesLeadsForm): Sales Lead Form, not built yet.
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailablePage } from '@/components/not-available-page.tsx';

export const Route = createFileRoute('/_public/Sales/LeadsForm')({
  component: NotAvailablePage,
});
