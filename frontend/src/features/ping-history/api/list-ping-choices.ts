// The Campaign and Vendor dropdowns of Ping History: every campaign (GET /api/campaign) and every
// vendor (GET /api/vendor/names), by name, their codes as values. A failed call is only logged (part 3
// §8); the dropdown is then empty.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '@/api/client.ts';

export interface CodeChoice {
  value: string;
  label: string;
}

const byLabel = (a: CodeChoice, b: CodeChoice) => a.label.localeCompare(b.label);

export const pingCampaignChoicesOptions = queryOptions({
  queryKey: ['reports', 'pingHistory', 'campaignChoices'] as const,
  queryFn: ({ signal }) => callApi('campaigns.list', { signal }),
  staleTime: 60_000,
  select: (campaigns): CodeChoice[] => campaigns.map((c) => ({ value: c.Code, label: `${c.Name} (${c.Code})` })).sort(byLabel),
});

export const pingVendorChoicesOptions = queryOptions({
  queryKey: ['reports', 'pingHistory', 'vendorChoices'] as const,
  queryFn: ({ signal }) => callApi('vendors.names', { signal }),
  staleTime: 60_000,
  select: (vendors): CodeChoice[] => vendors.map((v) => ({ value: v.Code, label: `${v.Name} (${v.Code})` })).sort(byLabel),
});

function useLogged<T>(result: { error: Error | null } & T, what: string): T {
  const { error } = result;
  useEffect(() => {
    if (error) console.error(`The ${what} could not be loaded.`, error.message);
  }, [error, what]);
  return result;
}

export const usePingCampaignChoices = () => useLogged(useQuery(pingCampaignChoicesOptions), 'campaigns');
export const usePingVendorChoices = () => useLogged(useQuery(pingVendorChoicesOptions), 'vendors');
