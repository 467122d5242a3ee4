// The campaign and vendor dropdowns of All Leads: GET /api/campaign (every campaign, current or not:
// old months have leads of ended campaigns) and GET /api/vendor/names, sorted by name. A failed call
// is only logged (spec part 3 §8); the dropdown then offers nothing but All.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '@/api/client.ts';

export interface Choice {
  value: string;
  label: string;
}

const byLabel = (a: Choice, b: Choice) => a.label.localeCompare(b.label);

const campaignChoicesOptions = queryOptions({
  queryKey: ['allLeads', 'campaignChoices'],
  queryFn: ({ signal }) => callApi('campaigns.list', { signal }),
  staleTime: 60_000,
  select: (campaigns): Choice[] => campaigns.map((c) => ({ value: c.CampaignId, label: c.Name })).sort(byLabel),
});

const vendorChoicesOptions = queryOptions({
  queryKey: ['allLeads', 'vendorChoices'],
  queryFn: ({ signal }) => callApi('vendors.names', { signal }),
  staleTime: 60_000,
  select: (vendors): Choice[] => vendors.map((v) => ({ value: v.VendorId, label: v.Name })).sort(byLabel),
});

function useLogged<T>(result: { error: Error | null; data: T | undefined }, what: string): T | undefined {
  const { error } = result;
  useEffect(() => {
    if (error) console.error(`The ${what} could not be loaded.`, error.message);
  }, [error, what]);
  return result.data;
}

export const useCampaignChoices = () => useLogged(useQuery(campaignChoicesOptions), 'campaigns') ?? [];
export const useVendorChoices = () => useLogged(useQuery(vendorChoicesOptions), 'vendors') ?? [];
