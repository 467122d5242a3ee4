// GET /api/vendor/{id}/campaignVendor: the campaigns a vendor is assigned to, for the Vendors list's
// Assigned Campaigns dialog (spec part 3 §2, §7).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';

export const assignedCampaignsKey = (vendorId: string) => ['vendor', 'campaigns', vendorId] as const;

export const getAssignedCampaigns = (vendorId: string, signal?: AbortSignal) =>
  callApi('vendors.campaignVendors', { params: { vendorId }, signal });

export const assignedCampaignsQueryOptions = (vendorId: string) =>
  queryOptions({ queryKey: assignedCampaignsKey(vendorId), queryFn: ({ signal }) => getAssignedCampaigns(vendorId, signal), staleTime: 0 });

export const useAssignedCampaigns = (vendorId: string) => useQuery(assignedCampaignsQueryOptions(vendorId));
