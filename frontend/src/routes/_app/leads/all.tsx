// /leads/all (adminAllLeads): All Leads for staff with CAN_VIEW_ALL_LEADS. Filters, page and the open
// lead are the URL's search params, so a reload, a shared link or the back button shows the same.
import { createFileRoute } from '@tanstack/react-router';
import { AllLeadsPage } from '@/features/all-leads/all-leads-page.tsx';
import { allLeadsSearchSchema, type AllLeadsSearch } from '@/features/all-leads/all-leads-search.ts';
import { guardPage } from '@/routing/guard-page.ts';
import { useReplaceSearch } from '@/routing/use-replace-search.ts';

export const Route = createFileRoute('/_app/leads/all')({
  beforeLoad: guardPage('/leads/all'),
  validateSearch: allLeadsSearchSchema,
  component: AllLeadsRoute,
});

function AllLeadsRoute() {
  const navigate = Route.useNavigate();
  const setSearch = useReplaceSearch<AllLeadsSearch>(navigate);
  return <AllLeadsPage search={Route.useSearch()} setSearch={setSearch} />;
}
