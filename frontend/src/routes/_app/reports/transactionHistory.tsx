// /reports/transactionHistory (transactionHistory): Transaction History, not built yet.
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailablePage } from '@/components/not-available-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/reports/transactionHistory')({
  beforeLoad: guardPage('/reports/transactionHistory'),
  component: NotAvailablePage,
});
