// /order/edit/{orderID}/{agentID}/{firstName}/{lastName} (adminEditOrder): Edit Order, not built yet.
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailablePage } from '@/components/not-available-page.tsx';
import { parseRouteValues } from '@/routing/route-values.ts';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/order/edit/$orderID/$agentID/$firstName/$lastName')({
  beforeLoad: guardPage('/order/edit/$orderID/$agentID/$firstName/$lastName'),
  params: { parse: parseRouteValues, stringify: (params) => params },
  component: NotAvailablePage,
});
