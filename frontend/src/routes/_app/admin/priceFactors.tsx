// /admin/priceFactors (priceFactors): Price Factors, not built yet.
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailablePage } from '@/components/not-available-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/admin/priceFactors')({
  beforeLoad: guardPage('/admin/priceFactors'),
  component: NotAvailablePage,
});
