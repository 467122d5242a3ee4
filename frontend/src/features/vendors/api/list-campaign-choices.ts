// GET /api/campaign?current=true: the current campaigns New Vendor's Select Campaigns offers (spec
// part 3 §2, §7). A failed call is only logged; the section then says no campaign can be added.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '@/api/client.ts';

export const campaignChoicesKey = ['vendor', 'campaignChoices'] as const;

export const listCampaignChoices = (signal?: AbortSignal) => callApi('campaigns.list', { query: { current: 'true' }, signal });

export const campaignChoicesQueryOptions = queryOptions({
  queryKey: campaignChoicesKey,
  queryFn: ({ signal }) => listCampaignChoices(signal),
  // Campaigns are made on other screens: a minute old is fresh enough for a picker.
  staleTime: 60_000,
  select: (campaigns) => [...campaigns].sort((a, b) => a.Name.localeCompare(b.Name)),
});

export function useCampaignChoices() {
  const result = useQuery(campaignChoicesQueryOptions);
  const { error } = result;
  useEffect(() => {
    if (error) console.error('The campaigns could not be loaded.', error.message);
  }, [error]);
  return result;
}
