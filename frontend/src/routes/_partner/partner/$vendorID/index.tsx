// /partner/{vendorID} (partnerHome): the partner portal's Home (issue 24), the vendor's leads per day by
// outcome and their revenue at the vendor price; ?days= picks the last 7, 30 (default) or 90 days.
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { partnerSummaryQueryOptions } from '@/features/partner/home-api.ts';
import { PartnerHomePage } from '@/features/partner/home-page.tsx';
import { lastDays } from '@/features/partner/home-text.ts';
import { guardPage } from '@/routing/guard-page.ts';

/** Optional, so the Home's plain address (where sign-in lands) stays without a query. */
const searchSchema = z.object({ days: z.union([z.literal(7), z.literal(30), z.literal(90)]).optional() });
const DEFAULT_DAYS = 30;

export const Route = createFileRoute('/_partner/partner/$vendorID/')({
  beforeLoad: guardPage('/partner/$vendorID'),
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ days: search.days ?? DEFAULT_DAYS }),
  // A failed read shows as the page's own error text, not the route's error screen.
  loader: ({ context: { queryClient }, params, deps }) => queryClient.ensureQueryData(partnerSummaryQueryOptions(params.vendorID, lastDays(deps.days))).catch(() => undefined),
  component: PartnerHomeRoute,
});

function PartnerHomeRoute() {
  const { vendorID } = Route.useParams();
  const days = Route.useSearch().days ?? DEFAULT_DAYS;
  const navigate = Route.useNavigate();
  return <PartnerHomePage vendorId={vendorID} days={days} onDaysChange={(next) => void navigate({ search: next === DEFAULT_DAYS ? {} : { days: next }, replace: true })} />;
}
