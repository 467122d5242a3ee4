// /partner (partner): where a vendor user's sign-in lands; it opens their vendor's Home. Staff come to a
// vendor's portal from the vendor's edit page, so here they are sent to the Vendors list.
import { createFileRoute, redirect } from '@tanstack/react-router';
import { meQueryOptions } from '@/api/get-me.ts';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_partner/partner/')({
  beforeLoad: async (ctx) => {
    await guardPage('/partner')(ctx);
    const me = await ctx.context.queryClient.ensureQueryData(meQueryOptions);
    if (me.Vendor) throw redirect({ to: '/partner/$vendorID', params: { vendorID: me.Vendor.VendorId }, replace: true });
    throw redirect({ to: '/vendors', replace: true });
  },
});
