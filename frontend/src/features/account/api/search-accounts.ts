// GET /api/accounts?search=: the active agents (other than the caller) whose name or agent id matches a
// typed term, for the transfer dialog's receiving-agent search.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '#shared/api/index.ts';
import { callApi } from '@/api/client.ts';
import { AGENT_SEARCH_MIN_CHARS } from '#shared/transfer.ts';

export type Recipient = ResponseOf<'account.listAccounts'>[number];

export const searchAccounts = (term: string, signal?: AbortSignal) =>
  callApi('account.listAccounts', { query: { search: term }, signal });

export const accountSearchQueryOptions = (term: string) =>
  queryOptions({ queryKey: ['accounts', 'search', term], queryFn: ({ signal }) => searchAccounts(term, signal) });

/** Spec part 1 §5: the search filters only from 3 typed characters on; shorter terms ask nothing. */
export const searchable = (term: string) => term.trim().length >= AGENT_SEARCH_MIN_CHARS;

export const useAccountSearch = (term: string) =>
  useQuery({ ...accountSearchQueryOptions(term.trim()), enabled: searchable(term), placeholderData: keepPreviousData });
