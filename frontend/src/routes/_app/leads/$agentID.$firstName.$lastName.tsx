// /leads/{agentID}/{firstName}/{lastName} (adminLeads): Agent Leads, not built yet.
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailablePage } from '@/components/not-available-page.tsx';
import { parseRouteValues } from '@/routing/route-values.ts';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/leads/$agentID/$firstName/$lastName')({
  beforeLoad: guardPage('/leads/$agentID/$firstName/$lastName'),
  params: { parse: parseRouteValues, stringify: (params) => params },
  component: NotAvailablePage,
});
