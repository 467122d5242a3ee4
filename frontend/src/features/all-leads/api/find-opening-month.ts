// The month All Leads opens on when its URL names none: the newest month (this one, then back, see
// openingMonths) whose first page of GET leadstable has a lead, with the filters of the URL. Each month
// is asked as the table itself asks it, through the table's own query, so the month found is already
// the table's first page and opening costs no request more than before, unless months are empty.
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { allLeadsRequest, type AllLeadsSearch, openingMonths, type Period } from '../all-leads-search.ts';
import { allLeadsQueryOptions } from './list-all-leads.ts';

type OpeningFilters = Pick<AllLeadsSearch, 'campaign' | 'vendor' | 'leadId' | 'phone'>;

export async function findOpeningMonth(queryClient: QueryClient, filters: OpeningFilters, months: Period[]): Promise<Period> {
  try {
    for (const period of months) {
      const page = await queryClient.fetchQuery(allLeadsQueryOptions(allLeadsRequest({ ...filters, ...period, page: 1 })));
      if (page.TotalCount > 0) return period;
    }
  } catch (err) {
    // Part 3 §8: a failed fetch is only logged; the page opens on this month and its table asks again.
    console.error('The newest month with leads could not be found.', err);
  }
  // No lead in any of them: this month, empty, as the table would have opened before.
  return months[0]!;
}

export const openingMonthQueryOptions = (queryClient: QueryClient, filters: OpeningFilters, months: Period[]) =>
  queryOptions({
    queryKey: ['allLeads', 'openingMonth', filters, months[0]] as const,
    queryFn: () => findOpeningMonth(queryClient, filters, months),
  });

/** The opening month, looked for only while `enabled` (the URL has neither month nor year). */
export function useOpeningMonth({ campaign, vendor, leadId, phone }: OpeningFilters, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({ ...openingMonthQueryOptions(queryClient, { campaign, vendor, leadId, phone }, openingMonths()), enabled });
}
