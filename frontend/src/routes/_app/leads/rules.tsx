// /leads/rules (adminLeadRules): Routing Rules; the rules are loaded before the screen shows, the
// campaigns (for names) alongside.
import { createFileRoute } from '@tanstack/react-router';
import { ruleCampaignsQueryOptions } from '@/features/rules/api/list-rule-campaigns.ts';
import { rulesQueryOptions } from '@/features/rules/api/list-rules.ts';
import { RulesPage } from '@/features/rules/rules-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/leads/rules')({
  beforeLoad: guardPage('/leads/rules'),
  loader: ({ context: { queryClient } }) => {
    // The names are a nicety: a failed campaigns call only leaves ids in their place (part 3 §8).
    void queryClient.prefetchQuery(ruleCampaignsQueryOptions);
    return queryClient.ensureQueryData(rulesQueryOptions);
  },
  component: RulesPage,
});
