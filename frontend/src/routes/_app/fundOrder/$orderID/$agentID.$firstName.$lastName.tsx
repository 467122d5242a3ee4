// /fundOrder/{orderID}/{agentID}/{firstName}/{lastName} (adminFundOrder): Fund Order, not built yet.
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailablePage } from '@/components/not-available-page.tsx';
import { parseRouteValues } from '@/routing/route-values.ts';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/fundOrder/$orderID/$agentID/$firstName/$lastName')({
  beforeLoad: guardPage('/fundOrder/$orderID/$agentID/$firstName/$lastName'),
  params: { parse: parseRouteValues, stringify: (params) => params },
  component: NotAvailablePage,
});
