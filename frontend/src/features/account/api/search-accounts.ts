// GET /api/accounts?search=: the active agents (other than the caller) whose name or agent id matches a
// typed term, for the transfer dialog's receiving-agent search.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi } from '@/api/client.ts';
import { AGENT_SEARCH_MIN_CHARS } from '#shared/transfer.ts';

const recipientSchema = z.object({ AgentId: z.string(), FirstName: z.string(), LastName: z.string() });
export type Recipient = z.infer<typeof recipientSchema>;

export const searchAccounts = (term: string, signal?: AbortSignal) =>
  callApi('account.listAccounts', { query: { search: term }, schema: z.array(recipientSchema), signal });

export const accountSearchQueryOptions = (term: string) =>
  queryOptions({ queryKey: ['accounts', 'search', term], queryFn: ({ signal }) => searchAccounts(term, signal) });

/** Spec part 1 §5: the search filters only from 3 typed characters on; shorter terms ask nothing. */
export const searchable = (term: string) => term.trim().length >= AGENT_SEARCH_MIN_CHARS;

export const useAccountSearch = (term: string) =>
  useQuery({ ...accountSearchQueryOptions(term.trim()), enabled: searchable(term), placeholderData: keepPreviousData });
