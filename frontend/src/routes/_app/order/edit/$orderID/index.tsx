// /order/edit/{orderID} (editOrder): Edit Order, not built yet.
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailablePage } from '@/components/not-available-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/order/edit/$orderID/')({
  beforeLoad: guardPage('/order/edit/$orderID'),
  component: NotAvailablePage,
});
