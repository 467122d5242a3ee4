// GET /api/agent?AgentId&FirstName&LastName (spec part 3 §7 "GET agent?agentid&firstname&lastname"):
// the Specify Agents search, 5 a page.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { AGENT_SEARCH_PAGE_SIZE } from '#shared/fund-form.ts';
import { fundKeys, type AgentSearch } from './fund-keys.ts';

export const searchAgents = (search: AgentSearch, signal?: AbortSignal) =>
  callApi('agents.list', {
    query: {
      AgentId: search.agentId.trim() || undefined,
      FirstName: search.firstName.trim() || undefined,
      LastName: search.lastName.trim() || undefined,
      PageNumber: search.page,
      PageSize: AGENT_SEARCH_PAGE_SIZE,
    },
    signal,
  });

/** Runs only once a search was submitted (`search` not null). */
export const useAgentSearch = (search: AgentSearch | null) =>
  useQuery({
    queryKey: fundKeys.agentSearch(search ?? { agentId: '', firstName: '', lastName: '', page: 0 }),
    queryFn: ({ signal }) => searchAgents(search!, signal),
    enabled: search !== null,
    placeholderData: keepPreviousData,
  });
