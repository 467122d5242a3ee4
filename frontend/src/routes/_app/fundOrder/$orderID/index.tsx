// /fundOrder/{orderID} (fundOrder): Fund Order, not built yet.
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailablePage } from '@/components/not-available-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/fundOrder/$orderID/')({
  beforeLoad: guardPage('/fundOrder/$orderID'),
  component: NotAvailablePage,
});
