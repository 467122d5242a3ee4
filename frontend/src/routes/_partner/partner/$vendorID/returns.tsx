// /partner/{vendorID}/returns (partnerReturns): the partner portal's Returns (issue 24). Range, status,
// page and the open lead are the URL's search params.
import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { SetSearch } from '@/components/server-table.ts';
import { PartnerReturnsPage } from '@/features/partner/returns-page.tsx';
import { returnsSearchSchema, type ReturnsSearch } from '@/features/partner/returns-search.ts';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_partner/partner/$vendorID/returns')({
  beforeLoad: guardPage('/partner/$vendorID/returns'),
  validateSearch: returnsSearchSchema,
  component: PartnerReturnsRoute,
});

function PartnerReturnsRoute() {
  const { vendorID } = Route.useParams();
  const navigate = Route.useNavigate();
  const setSearch = useCallback<SetSearch<ReturnsSearch>>((update) => void navigate({ search: update, replace: true }), [navigate]);
  return <PartnerReturnsPage vendorId={vendorID} search={Route.useSearch()} setSearch={setSearch} />;
}
