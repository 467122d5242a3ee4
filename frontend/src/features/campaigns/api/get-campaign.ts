// GET /api/campaign/{id}: the campaign the edit form opens, with its criteria, bids and campaign
// vendors (each with its fund selections).
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { campaignKeys } from './campaign-keys.ts';

export const campaignQueryOptions = (campaignId: string) =>
  queryOptions({ queryKey: campaignKeys.detail(campaignId), queryFn: ({ signal }) => callApi('campaigns.get', { params: { campaignId }, signal }) });
