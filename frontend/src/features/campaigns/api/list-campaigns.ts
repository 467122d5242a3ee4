// GET /api/campaign: every campaign; the list screen filters and pages them in the browser. A failed
// call is only logged and the list shows as empty (spec part 3 §8).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '#shared/api/index.ts';
import { callApi } from '@/api/client.ts';
import { campaignKeys } from './campaign-keys.ts';

export type CampaignListRow = ResponseOf<'campaigns.list'>[number];

export const listCampaigns = (signal?: AbortSignal) => callApi('campaigns.list', { signal });

export const campaignListQueryOptions = queryOptions({ queryKey: campaignKeys.list(), queryFn: ({ signal }) => listCampaigns(signal) });

const NONE: CampaignListRow[] = [];

export function useCampaignList(): CampaignListRow[] {
  const { data, error } = useQuery(campaignListQueryOptions);
  if (error) console.error('The campaigns could not be loaded.', error.message);
  return data ?? NONE;
}
