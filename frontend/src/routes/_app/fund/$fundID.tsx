// /fund/{fundID} (editFund): Edit Fund, not built yet.
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailablePage } from '@/components/not-available-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/fund/$fundID')({
  beforeLoad: guardPage('/fund/$fundID'),
  component: NotAvailablePage,
});
