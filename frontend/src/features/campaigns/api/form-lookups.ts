// The campaign form's choices (spec part 3 §7): lead types and CRM lines of business (items with
// Name), business owners and destinations (lookup items with Value), the funds and the vendors. A
// failed look-up is only logged; its field then offers nothing (part 3 §8).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { campaignKeys } from './campaign-keys.ts';

const STALE = 5 * 60_000;

export const leadTypesQuery = queryOptions({ queryKey: [...campaignKeys.lookups(), 'leadTypes'], queryFn: () => callApi('me.leadTypes'), staleTime: STALE });
export const crmLobQuery = queryOptions({ queryKey: [...campaignKeys.lookups(), 'crmLob'], queryFn: () => callApi('me.crmLob'), staleTime: STALE });
export const lookupQuery = (category: 'BusinessOwner' | 'Destination') =>
  queryOptions({ queryKey: [...campaignKeys.lookups(), 'lookup', category], queryFn: () => callApi('me.lookup', { query: { category } }), staleTime: STALE });
// Funds and vendors are staff-made and may have been created a moment ago on their own screens (whose
// features cannot reach these keys): each opening of the form reads them again, showing what it has
// meanwhile.
export const fundsQuery = queryOptions({ queryKey: [...campaignKeys.lookups(), 'funds'], queryFn: () => callApi('funds.list'), staleTime: 0 });
/** The vendors to pick from: GET Vendor, read as the contract answers it. */
export const vendorsQuery = queryOptions({ queryKey: [...campaignKeys.lookups(), 'vendors'], queryFn: () => callApi('vendors.list'), staleTime: 0 });

function logged<R extends { error: Error | null }>(result: R, what: string): R {
  if (result.error) console.error(`The ${what} could not be loaded.`, result.error.message);
  return result;
}

export function useFormLookups() {
  const leadTypes = logged(useQuery(leadTypesQuery), 'lead types');
  const crmLob = logged(useQuery(crmLobQuery), 'CRM lines of business');
  const owners = logged(useQuery(lookupQuery('BusinessOwner')), 'business owners');
  const destinations = logged(useQuery(lookupQuery('Destination')), 'destinations');
  const funds = logged(useQuery(fundsQuery), 'funds');
  const vendors = logged(useQuery(vendorsQuery), 'vendors');
  return {
    leadTypes: leadTypes.data?.map((i) => i.Name) ?? [],
    crmLob: crmLob.data?.map((i) => i.Name) ?? [],
    businessOwners: owners.data?.map((i) => i.Value) ?? [],
    destinations: destinations.data?.map((i) => i.Value) ?? [],
    funds: funds.data ?? [],
    vendors: vendors.data ?? [],
    vendorsFailed: vendors.isError,
    vendorsLoading: vendors.isPending,
  };
}
