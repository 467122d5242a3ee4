// /admin/agent (adminAgent): Agents, not built yet.
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailablePage } from '@/components/not-available-page.tsx';

export const Route = createFileRoute('/_app/admin/agent')({
  component: NotAvailablePage,
});
