// /partner/{vendorID}/returns (partnerReturns): the partner portal's Returns (issue 24). Range, status,
// page and the open lead are the URL's search params.
import { createFileRoute } from '@tanstack/react-router';
import { PartnerReturnsPage } from '@/features/partner/returns-page.tsx';
import { returnsSearchSchema, type ReturnsSearch } from '@/features/partner/returns-search.ts';
import { guardPage } from '@/routing/guard-page.ts';
import { useReplaceSearch } from '@/routing/use-replace-search.ts';

export const Route = createFileRoute('/_partner/partner/$vendorID/returns')({
  beforeLoad: guardPage('/partner/$vendorID/returns'),
  validateSearch: returnsSearchSchema,
  component: PartnerReturnsRoute,
});

function PartnerReturnsRoute() {
  const { vendorID } = Route.useParams();
  const navigate = Route.useNavigate();
  const setSearch = useReplaceSearch<ReturnsSearch>(navigate);
  return <PartnerReturnsPage vendorId={vendorID} search={Route.useSearch()} setSearch={setSearch} />;
}
