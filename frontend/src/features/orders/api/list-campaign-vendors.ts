// GET /api/campaignVendors for the campaign order wizard (spec part 2 §7): campaign vendor records;
// only those whose date range covers now are kept, sorted by name (the steps group them by Lob).
import { queryOptions } from '@tanstack/react-query';
import type { CampaignVendorRecordDto } from '#shared/api/campaigns.ts';
import { callApi } from '@/api/client.ts';

/** The records whose campaign runs today (YYYY-MM-DD), sorted by campaign name. */
export function currentCampaignRecords(records: readonly CampaignVendorRecordDto[], today: string): CampaignVendorRecordDto[] {
  return records
    .filter((r) => (!r.Campaign.StartDate || r.Campaign.StartDate.slice(0, 10) <= today) && (!r.Campaign.EndDate || r.Campaign.EndDate.slice(0, 10) >= today))
    .sort((a, b) => a.Campaign.Name.localeCompare(b.Campaign.Name));
}

export const campaignVendorsQueryOptions = queryOptions({
  queryKey: ['order-wizard', 'campaignVendors'] as const,
  queryFn: ({ signal }) => callApi('campaigns.listCampaignVendors', { signal }),
  staleTime: 60_000,
});
