// /funds (funds): Funds Summary; the list is loaded before the screen shows.
import { createFileRoute } from '@tanstack/react-router';
import { fundsSummaryQueryOptions } from '@/features/funds/api/list-funds.ts';
import { FundsSummaryPage } from '@/features/funds/funds-summary-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/funds')({
  beforeLoad: guardPage('/funds'),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(fundsSummaryQueryOptions),
  component: FundsSummaryPage,
});
