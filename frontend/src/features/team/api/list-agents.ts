// GET /api/agent: one page of the signed-in user's team (spec part 1 §2.4, §7), filtered and sorted
// by the server, with the spec's Results and Metadata.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AGENT_LIST_KEY } from '@/api/balance-views.ts';
import { callApi } from '@/api/client.ts';
import type { AgentSortColumn } from '#shared/agent-list.ts';
import type { AgentListPage, AgentListRow } from '#shared/api/agents.ts';

/** The parameters the table sends; the server parses them with the shared agentListQuerySchema. */
export type TeamQuery = {
  PageNumber: number;
  PageSize: number;
  AgentId?: string;
  FirstName?: string;
  LastName?: string;
  SortColumnName: AgentSortColumn;
  /** true is descending. */
  SortOrder: boolean;
};

/** A row of My Team: the contract's agent list row (shared/api/agents.ts). */
export type TeamRow = AgentListRow;

export const listAgents = (query: TeamQuery, signal?: AbortSignal) => callApi<'agents.list', AgentListPage>('agents.list', { query, signal });

export const agentListQueryOptions = (query: TeamQuery) =>
  queryOptions({
    queryKey: [...AGENT_LIST_KEY, query],
    queryFn: ({ signal }) => listAgents(query, signal),
    // The current rows stay on screen while the next page, sort or filter loads.
    placeholderData: keepPreviousData,
  });

export const useAgentList = (query: TeamQuery) => useQuery(agentListQueryOptions(query));
