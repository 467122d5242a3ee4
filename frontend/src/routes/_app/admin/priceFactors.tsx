// /admin/priceFactors (priceFactors): Price Factors, admin only; the table's page is the URL's ?page=.
import { createFileRoute } from '@tanstack/react-router';
import { pageSearchSchema } from '@/components/server-table.ts';
import { priceFactorsQueryOptions } from '@/features/price-factors/api/list-price-factors.ts';
import { PriceFactorsPage } from '@/features/price-factors/price-factors-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/admin/priceFactors')({
  beforeLoad: guardPage('/admin/priceFactors'),
  validateSearch: pageSearchSchema,
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(priceFactorsQueryOptions()),
  component: PriceFactorsRoute,
});

function PriceFactorsRoute() {
  const navigate = Route.useNavigate();
  const { page } = Route.useSearch();
  return <PriceFactorsPage page={page} onPageChange={(next) => void navigate({ search: { page: next }, replace: true })} />;
}
