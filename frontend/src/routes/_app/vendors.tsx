// /vendors (vendors): Vendors, the server-paged vendor table. Page, sort and filters are the URL's
// search params, so a reload, a shared link or the back button shows the same rows.
import { createFileRoute } from '@tanstack/react-router';
import { vendorListSearchSchema, type VendorListSearch } from '@/features/vendors/vendor-list-search.ts';
import { VendorsPage } from '@/features/vendors/vendors-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';
import { useReplaceSearch } from '@/routing/use-replace-search.ts';

export const Route = createFileRoute('/_app/vendors')({
  beforeLoad: guardPage('/vendors'),
  validateSearch: vendorListSearchSchema,
  component: VendorsRoute,
});

function VendorsRoute() {
  const navigate = Route.useNavigate();
  const setSearch = useReplaceSearch<VendorListSearch>(navigate);
  return <VendorsPage search={Route.useSearch()} setSearch={setSearch} />;
}
