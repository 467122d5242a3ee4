// /vendor/edit/{vendorID} (editVendor): Edit Vendor, starting from the vendor as the server has it now
// (its revision is what Update Vendor is checked against).
import { createFileRoute } from '@tanstack/react-router';
import { vendorDetailsQueryOptions } from '@/features/vendors/api/get-vendor-details.ts';
import { EditVendorPage } from '@/features/vendors/vendor-form-pages.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/vendor/edit/$vendorID')({
  beforeLoad: guardPage('/vendor/edit/$vendorID'),
  // The form starts from what it reads here, so it must not start from an older copy: the vendor is
  // read afresh each time the page is entered (fetchQuery, not a cached entry), and the router waits
  // for that read instead of showing the page it kept from an earlier visit meanwhile.
  loader: {
    handler: ({ context: { queryClient }, params }) => queryClient.fetchQuery(vendorDetailsQueryOptions(params.vendorID)),
    staleReloadMode: 'blocking',
  },
  component: EditVendorRoute,
});

function EditVendorRoute() {
  const { vendorID } = Route.useParams();
  // Keyed by vendor: another vendor's edit page starts a fresh form.
  return <EditVendorPage key={vendorID} vendorId={vendorID} />;
}
