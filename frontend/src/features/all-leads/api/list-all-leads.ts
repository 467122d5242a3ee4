// GET /api/leadstable/startDate/{..}/endDate/{..}: one page of All Leads (spec part 3 §7), answered as
// Data, Pages and TotalCount; and its /export, a CSV behind a short-lived download link.
import { keepPreviousData, queryOptions, skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import type { AllLeadRow, AllLeadsPage } from '#shared/api/all-leads.ts';
import type { AllLeadsRequest } from '../all-leads-search.ts';

export type { AllLeadRow };

export const ALL_LEADS_KEY = ['allLeads', 'table'] as const;

export const listAllLeads = (request: AllLeadsRequest, signal?: AbortSignal) =>
  callApi<'leads.table', AllLeadsPage>('leads.table', { params: request.params, query: request.query, signal });

/** No request (the page does not know its month yet) asks nothing. */
export const allLeadsQueryOptions = (request: AllLeadsRequest | undefined) =>
  queryOptions({
    queryKey: [...ALL_LEADS_KEY, request],
    queryFn: request ? ({ signal }) => listAllLeads(request, signal) : skipToken,
    // The current rows stay on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
    // Leads keep arriving: coming back reads the page again. The few seconds let the table show the
    // page the opening month's search has just read (find-opening-month.ts) without asking twice.
    staleTime: 5_000,
  });

export const useAllLeads = (request: AllLeadsRequest | undefined) => useQuery(allLeadsQueryOptions(request));

export const exportAllLeads = (request: AllLeadsRequest) => callApi('leads.tableExport', { params: request.params, query: request.query });

/** A mutation rather than a query: every press writes a new file, and nothing is cached. */
export const useExportAllLeads = () => useMutation({ mutationFn: exportAllLeads });
