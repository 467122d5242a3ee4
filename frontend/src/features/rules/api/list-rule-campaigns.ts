// GET /api/campaign: every campaign (current or not), for the rule dialog's Campaigns choice and the
// names in a rule's details. A failed call is only logged; ids then show in place of names (part 3 §8).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '#shared/api/index.ts';
import { callApi } from '@/api/client.ts';

export type RuleCampaign = ResponseOf<'campaigns.list'>[number];

// The Campaigns list reads the same call under this key, so a campaign change refreshes both.
export const ruleCampaignsQueryOptions = queryOptions({
  queryKey: ['campaigns', 'list'] as const,
  queryFn: ({ signal }) => callApi('campaigns.list', { signal }),
});

const NONE: RuleCampaign[] = [];

export function useRuleCampaigns(): RuleCampaign[] {
  const { data, error } = useQuery(ruleCampaignsQueryOptions);
  if (error) console.error('The campaigns could not be loaded.', error.message);
  return data ?? NONE;
}
