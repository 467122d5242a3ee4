// The owner's downline for Lead Distribution (spec part 2 §6, §7): GET /api/agent with the hierarchy
// request (PageNumber 1, PageSize 1000, sorted by AccountId). Agents without My Team get the reduced row
// of part 2 §3 (ids, names, parent, status), without balances or activity.
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';

export interface DownlineAgent {
  AgentId: string;
  FirstName: string;
  LastName: string;
  /** 1 active, 0 inactive or terminated. */
  Status: number;
  ParentAgentId: string | null | undefined;
}

export const HIERARCHY_PAGE_SIZE = 1000;

export const downlineQueryOptions = (ownerId: string) =>
  queryOptions({
    queryKey: ['order-wizard', 'downline', ownerId] as const,
    queryFn: async ({ signal }): Promise<DownlineAgent[]> => {
      const page = await callApi('agents.list', { query: { PageNumber: 1, PageSize: HIERARCHY_PAGE_SIZE, SortColumnName: 'AccountId', SortOrder: false }, signal });
      return page.Results.filter((a) => a.AgentId !== ownerId).map((a) => ({
        AgentId: a.AgentId,
        FirstName: a.FirstName,
        LastName: a.LastName,
        Status: a.Status,
        ParentAgentId: a.ParentAgentId,
      }));
    },
    staleTime: 60_000,
  });
