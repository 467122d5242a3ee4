// / (homePage): the welcome card, and for agents with the account summary their account cards.
import { createFileRoute } from '@tanstack/react-router';
import { meQueryOptions } from '@/api/get-me.ts';
import { accountSummaryQueryOptions } from '@/features/home/api/get-account-summary.ts';
import { accountWithCards } from '@/features/home/home-account.ts';
import { HomePage } from '@/features/home/home-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/')({
  beforeLoad: guardPage('/'),
  // The summary call starts while the page's code loads; a failure is shown by the cards, not here.
  loader: ({ context: { queryClient } }) => {
    const user = queryClient.getQueryData(meQueryOptions.queryKey);
    if (user && accountWithCards(user)) void queryClient.prefetchQuery(accountSummaryQueryOptions);
  },
  component: HomePage,
});
