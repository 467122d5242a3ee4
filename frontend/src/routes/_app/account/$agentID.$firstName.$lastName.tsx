// /account/{agentID}/{firstName}/{lastName} (adminAccount): Agent Account, not built yet.
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailablePage } from '@/components/not-available-page.tsx';

export const Route = createFileRoute('/_app/account/$agentID/$firstName/$lastName')({
  component: NotAvailablePage,
});
