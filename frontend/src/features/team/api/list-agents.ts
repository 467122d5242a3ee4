// GET /api/agent: one page of the signed-in user's team (spec part 1 §2.4, §7), filtered and sorted
// by the server, with the spec's Results and Metadata.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { AGENT_LIST_KEY } from '@/api/balance-views.ts';
import { callApi } from '@/api/client.ts';
import type { AgentSortColumn } from '#shared/agent-list.ts';

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

/** The row fields My Team shows; the server sends more (status, type, parent). */
const teamRowSchema = z.object({
  AgentId: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  LastLoginDateTime: z.string().nullable(),
  LastLeadDateTime: z.string().nullable(),
  CurrentBalance: z.number(),
});
export type TeamRow = z.infer<typeof teamRowSchema>;

const teamPageSchema = z.object({
  Results: z.array(teamRowSchema),
  Metadata: z.object({ TotalPages: z.number(), TotalCount: z.number(), PageNumber: z.number(), PageSize: z.number() }),
});

export const listAgents = (query: TeamQuery, signal?: AbortSignal) => callApi('agents.list', { query, schema: teamPageSchema, signal });

export const agentListQueryOptions = (query: TeamQuery) =>
  queryOptions({
    queryKey: [...AGENT_LIST_KEY, query],
    queryFn: ({ signal }) => listAgents(query, signal),
    // The current rows stay on screen while the next page, sort or filter loads.
    placeholderData: keepPreviousData,
  });

export const useAgentList = (query: TeamQuery) => useQuery(agentListQueryOptions(query));
