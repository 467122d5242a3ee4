// /order/edit/{orderID} (editOrder): Edit Order, not built yet.
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailablePage } from '@/components/not-available-page.tsx';

export const Route = createFileRoute('/_app/order/edit/$orderID/')({
  component: NotAvailablePage,
});
