// GET /api/campaign (every campaign, current or not): the Campaign dropdown of a card in edit mode. A
// failed call is only logged and the dropdown is empty (spec part 3 §8, fetch failures).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { campaignChoices, type CampaignChoice } from '../contract-display.ts';
import { contractKeys } from './contract-keys.ts';

export const campaignChoicesQueryOptions = queryOptions({
  queryKey: contractKeys.campaignChoices(),
  queryFn: async ({ signal }) => campaignChoices(await callApi('campaigns.list', { signal })),
});

const NONE: CampaignChoice[] = [];

export function useCampaignChoices(): CampaignChoice[] {
  const { data, error } = useQuery(campaignChoicesQueryOptions);
  if (error) console.error('The campaigns could not be loaded.', error.message);
  return data ?? NONE;
}
