// /Sales/EmployerForm (salesEmployerForm): Employer Lead Form, not built yet.
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailablePage } from '@/components/not-available-page.tsx';

export const Route = createFileRoute('/_public/Sales/EmployerForm')({
  component: NotAvailablePage,
});
