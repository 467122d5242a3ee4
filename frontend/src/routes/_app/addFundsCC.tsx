// /addFundsCC (addFundsCC): Add Lead Money, not built yet.
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailablePage } from '@/components/not-available-page.tsx';

export const Route = createFileRoute('/_app/addFundsCC')({
  component: NotAvailablePage,
});
