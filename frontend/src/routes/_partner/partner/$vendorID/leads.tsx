// /partner/{vendorID}/leads (partnerLeads): the partner portal's Leads (issue 24). Range, campaign,
// outcome, page and the open lead are the URL's search params.
import { createFileRoute } from '@tanstack/react-router';
import { PartnerLeadsPage } from '@/features/partner/leads-page.tsx';
import { leadsSearchSchema, type LeadsSearch } from '@/features/partner/leads-search.ts';
import { guardPage } from '@/routing/guard-page.ts';
import { useReplaceSearch } from '@/routing/use-replace-search.ts';

export const Route = createFileRoute('/_partner/partner/$vendorID/leads')({
  beforeLoad: guardPage('/partner/$vendorID/leads'),
  validateSearch: leadsSearchSchema,
  component: PartnerLeadsRoute,
});

function PartnerLeadsRoute() {
  const { vendorID } = Route.useParams();
  const navigate = Route.useNavigate();
  const setSearch = useReplaceSearch<LeadsSearch>(navigate);
  return <PartnerLeadsPage vendorId={vendorID} search={Route.useSearch()} setSearch={setSearch} />;
}
